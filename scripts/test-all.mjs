// `npm test`: builds, then runs every suite (unit, server integration on
// PostgreSQL, web components, browser end-to-end, every bench in its smoke form:
// scripts/bench-smoke.mjs) and ends with one line of totals. `--engine` runs just the
// server suites of scripts/engine-suites.mjs (CI's second pass, against DATABASE_URL's
// server).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineSuites } from './engine-suites.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.reports');
mkdirSync(reports, { recursive: true });
const serverOnly = process.argv.includes('--engine');
const tag = serverOnly ? 'engine' : 'all';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0 };
let broken = false;

if (!serverOnly) {
  if (run('npm', ['run', 'build']) !== 0) {
    console.error('build failed');
    broken = true;
  }
}

const vitestReport = path.join(reports, `vitest-${tag}.json`);
const projects = serverOnly ? ['--project', 'server', ...engineSuites] : [];
const vitestStatus = run('npx', [
  'vitest',
  'run',
  ...projects,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += (vitest.numFailedTests ?? 0) + ((vitest.numFailedTestSuites ?? 0) ? 0 : 0);
  if (vitestStatus !== 0 && (vitest.numFailedTests ?? 0) === 0) broken = true;
} else {
  broken = true;
}

if (!serverOnly && !broken) {
  const e2eReport = path.join(reports, 'e2e.json');
  const e2eStatus = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  const e2e = readJson(e2eReport);
  if (e2e?.stats) {
    totals.passed += e2e.stats.expected ?? 0;
    totals.failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
    if (e2eStatus !== 0 && (e2e.stats.unexpected ?? 0) === 0) broken = true;
  } else {
    broken = true;
  }
}

// Every bench of bench/ in its smoke form, one test each: it still runs, and its
// ceiling still answers the server's bytes (scripts/bench-smoke.mjs).
if (!serverOnly && !broken) {
  const smokeReport = path.join(reports, 'bench-smoke.json');
  const smokeStatus = run('node', ['scripts/bench-smoke.mjs', `--report=${smokeReport}`]);
  const smoke = readJson(smokeReport);
  if (smoke) {
    totals.passed += smoke.passed ?? 0;
    totals.failed += smoke.failed ?? 0;
    if (smokeStatus !== 0 && (smoke.failed ?? 0) === 0) broken = true;
  } else {
    broken = true;
  }
}

if (broken) totals.failed += 1;
writeFileSync(path.join(reports, `totals-${tag}.json`), JSON.stringify(totals));
if (broken) console.error('a suite could not run to the end (counted as one failure)');
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
