import { spawnSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './chromium.js';

/** A port nobody uses now, chosen once (in a child, since config loading is synchronous). */
function freePortSync(): number {
  const probe = spawnSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]);
  return Number(probe.stdout.toString());
}

process.env.E2E_PORT ??= String(freePortSync());
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // CI runs on a busy two-core machine: 5 s for a screen to show is too tight there.
  // A wait ends as soon as its condition holds, so this costs passing tests nothing.
  expect: { timeout: 15_000 },
  outputDir: '../.reports/e2e-results',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.reports/e2e.json' }],
  ],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
});
