// Every bench of bench/ in its smoke form (`--smoke`: a second or two of load on
// tiny data): checks that each still runs to the end, its ceiling (where it has
// one) still answering what the server answers, and reports no figure. `npm test`
// runs it after the other suites and counts each bench as one test; run alone
// with `npm run test:bench-smoke` (builds nothing: `npm run build` first).
//
//   node scripts/bench-smoke.mjs [--report=FILE] [NAME...]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The benches, lightest first; each file is bench/<name>.mjs. */
export const benches = [
  'bundle-sizes',
  'ads-load',
  'mail',
  'payments-watch',
  'photos-upload',
  'photo-memory',
  'public-pages',
  'city-search',
  'several-servers',
  'lighthouse',
];
/** A smoke run that takes longer than this has hung: it is stopped and fails. */
const TIMEOUT_MS = 5 * 60_000;

function runOne(name) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'bench', `${name}.mjs`), '--smoke'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk) => {
      output += chunk.toString('utf8');
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    // SIGTERM: the bench's own clean-up stops its server and removes its folders.
    const timer = setTimeout(() => child.kill('SIGTERM'), TIMEOUT_MS);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      resolve({ name, ok: code === 0, code: code ?? signal, seconds, output });
    });
  });
}

const args = process.argv.slice(2);
const reportArg = args.find((a) => a.startsWith('--report='));
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !benches.includes(n));
if (unknown.length > 0) {
  console.error(`no such bench: ${unknown.join(', ')} (benches: ${benches.join(', ')})`);
  process.exit(2);
}

const results = [];
for (const name of names.length > 0 ? names : benches) {
  const result = await runOne(name);
  results.push(result);
  if (result.ok) {
    console.log(`  ✓ bench ${name} (smoke) ${result.seconds.toFixed(1)} s`);
  } else {
    console.log(
      `  ✗ bench ${name} (smoke) exited ${result.code} after ${result.seconds.toFixed(1)} s`,
    );
    // The whole output of a failed run, so the cause is in the log.
    console.log(result.output.replace(/^/gm, '    │ '));
  }
}
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
if (reportArg) {
  writeFileSync(reportArg.slice('--report='.length), JSON.stringify({ passed, failed }));
}
console.log(`benches: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
