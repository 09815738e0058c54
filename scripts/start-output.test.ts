import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const scripts = path.dirname(fileURLToPath(import.meta.url));
const repository = path.dirname(scripts);
const made: string[] = [];

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/**
 * A checkout where nothing is built yet: its web build talks as much as Vite does
 * (a line per file), its server build writes a server that says one line and ends.
 */
function unbuiltCheckout(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'adboard-start-output-'));
  made.push(root);
  const json = (file: string, value: unknown) =>
    writeFileSync(path.join(root, file), JSON.stringify(value));
  for (const dir of ['scripts', 'apps/web/src', 'apps/server/src', 'packages/shared/src']) {
    mkdirSync(path.join(root, dir), { recursive: true });
  }
  json('package.json', {
    name: 'checkout',
    private: true,
    workspaces: ['apps/web', 'apps/server'],
  });
  const webBuild = [
    "const fs = require('fs');",
    "for (let i = 0; i < 46; i++) console.log('dist/assets/chunk-' + i + '.js  1.00 kB │ gzip: 0.50 kB');",
    "fs.mkdirSync('dist', { recursive: true }); fs.writeFileSync('dist/index.html', '<!doctype html>');",
  ].join(' ');
  json('apps/web/package.json', {
    name: '@adboard/web',
    version: '0.0.0',
    scripts: { build: `node -e "${webBuild.replace(/"/g, '\\"')}"` },
  });
  const serverBuild = [
    "const fs = require('fs');",
    "console.log('bundling the server ...');",
    "fs.mkdirSync('dist', { recursive: true });",
    "fs.writeFileSync('dist/main.js', 'console.log(\\'Adboard is running: open http://localhost:3999\\')');",
  ].join(' ');
  json('apps/server/package.json', {
    name: '@adboard/server',
    version: '0.0.0',
    scripts: { build: `node -e "${serverBuild.replace(/"/g, '\\"')}"` },
  });
  for (const script of ['start.mjs', 'build-if-needed.mjs']) {
    copyFileSync(path.join(scripts, script), path.join(root, 'scripts', script));
  }
  return root;
}

describe('what `npm start` prints (issue 24)', () => {
  it('says the build in one line, not the build tools’ reports, then the server', () => {
    const root = unbuiltCheckout();
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^built the web app and the server in \d+(\.\d)? s$/);
    expect(lines[1]).toBe('Adboard is running: open http://localhost:3999');
    expect(run.stderr).toBe('');
  });

  it.each([
    ['--web', 'the web app and the server'],
    ['--worker', 'the server'],
  ])('builds what `%s` runs on a fresh checkout: %s', (role, what) => {
    const root = unbuiltCheckout();
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), role], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.split('\n').filter((line) => line.trim() !== '');
    expect(lines[0]).toMatch(new RegExp(`^built ${what} in \\d+(\\.\\d)? s$`));
  });

  it('npm start, npm run web and npm run worker run the start script for their role', () => {
    const pkg = JSON.parse(readFileSync(path.join(repository, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
    expect(pkg.scripts.web).toBe('node scripts/start.mjs --web');
    expect(pkg.scripts.worker).toBe('node scripts/start.mjs --worker');
  });

  it('builds the web app without a warning', { timeout: 180_000 }, () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'adboard-web-build-'));
    made.push(outDir);
    const run = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: path.join(repository, 'apps/web'),
      encoding: 'utf8',
      timeout: 170_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const said = `${run.stdout}\n${run.stderr}`;
    expect(said).not.toContain('(!)');
    expect(said).not.toContain('IMPORT_IS_UNDEFINED');
    expect(said).not.toMatch(/warn/i);
  });
});
