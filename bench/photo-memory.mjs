// Photo memory benchmark: a long run of photo uploads (300 by default) through
// the real server, started as `npm start` starts it (scripts/start.mjs, which
// sets MALLOC_ARENA_MAX=2 for it) and, for comparison, with glibc's allocator
// defaults (dist/main.js started directly, MALLOC_ARENA_MAX unset). Samples the
// server's resident memory and reports its peak against the 400 MB target.
//
//   node bench/photo-memory.mjs            print the figures
//   node bench/photo-memory.mjs --write    also record them in docs/benchmarks.md
//
// Options: --photos=N (uploads per run, default 300), --only=npm-start|defaults
// (one run), --rebuild (build the server even when dist/ looks fresh).
// See bench/README.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { call, createAd, signIn } from './lib/advertiser.mjs';
import { generatePhotos, HEIGHT, JPEG_QUALITY, WIDTH } from './lib/phone-photos.mjs';
import { mb, procStatus, SAMPLE_MS, sampleMemory } from './lib/process-memory.mjs';
import { fmt, machine as machineInfo, writeSection } from './lib/report.mjs';
import { defer, parseArgs, runBench, seconds, sleep, state } from './lib/run.mjs';
import {
  buildIfNeeded,
  embeddedDatabaseUrl,
  freePort,
  root,
  serverMain,
  startServer,
  stopServer,
  waitForReady,
} from './lib/server.mjs';

const START = '<!-- photo-memory:start -->';
const END = '<!-- photo-memory:end -->';

const { flag, option } = parseArgs(
  /^--(write|smoke|rebuild|photos=\d+|only=(npm-start|defaults))$/,
  'node bench/photo-memory.mjs [--write | --smoke] [--photos=N] [--only=npm-start|defaults] [--rebuild]',
);

/**
 * A smoke run (`npm test`): four photos, two to an ad, in both runs; every check
 * (the allocator setting of `npm start` included), no figures.
 */
const SMOKE = flag('smoke');
const UPLOADS = Number(option('photos', SMOKE ? '4' : '300'));
/** Distinct pictures drawn; each is uploaded again to the next ad (an ad holds 30 photos). */
const DISTINCT = SMOKE ? 2 : 30;
const PER_AD = SMOKE ? 2 : 30;
/** The target: the server stays under this through the uploads. */
const TARGET_PEAK_MB = 400;

/** The two ways of starting the server that are compared. */
const VARIANTS = [
  {
    id: 'defaults',
    label: "glibc's defaults (`node apps/server/dist/main.js`, `MALLOC_ARENA_MAX` unset)",
    short: 'glibc defaults',
    entry: serverMain,
  },
  {
    id: 'npm-start',
    label: '`npm start` (`scripts/start.mjs`: `MALLOC_ARENA_MAX=2`)',
    short: 'npm start (MALLOC_ARENA_MAX=2)',
    entry: path.join(root, 'scripts/start.mjs'),
  },
];

// ---------------------------------------------------------------- processes

/** The process whose parent is `parentPid` and whose command runs dist/main.js. */
async function serverChildOf(parentPid) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    for (const name of await fs.readdir('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = await fs.readFile(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid !== parentPid) continue;
        const cmdline = await fs.readFile(`/proc/${name}/cmdline`, 'utf8');
        if (cmdline.split('\0').includes(serverMain)) return Number(name);
      } catch {
        // gone meanwhile
      }
    }
    await sleep(200);
  }
  throw new Error(`no server process under pid ${parentPid}`);
}

/** MALLOC_ARENA_MAX as the process was started with it (what glibc's malloc read). */
async function arenaSetting(pid) {
  const environ = await fs.readFile(`/proc/${pid}/environ`, 'utf8');
  const entry = environ.split('\0').find((e) => e.startsWith('MALLOC_ARENA_MAX='));
  return entry ? entry.slice('MALLOC_ARENA_MAX='.length) : null;
}

// ---------------------------------------------------------------- one run

/**
 * Starts the server the variant's way on a fresh DATA_DIR, signs in by SQL, and
 * uploads UPLOADS photos one request each (as the browser sends them), 30 to an
 * ad, sampling the server's memory all along.
 */
async function runVariant(variant, photos) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-memory-'));
  defer(() => fs.rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`\n${variant.short}: starting on ${base} (DATA_DIR ${dataDir}) ...`);
  const server = startServer(dataDir, port, {
    entry: variant.entry,
    // The shell's own setting would hide the difference measured here.
    unsetEnv: ['MALLOC_ARENA_MAX'],
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopServer(server);
  };
  defer(stop);
  await waitForReady(base, server);
  const pid =
    variant.entry === serverMain ? server.child.pid : await serverChildOf(server.child.pid);
  const arena = await arenaSetting(pid);
  if (variant.id === 'npm-start' && arena !== '2') {
    throw new Error(`npm start ran the server with MALLOC_ARENA_MAX=${arena ?? '(unset)'}`);
  }
  if (variant.id === 'defaults' && arena !== null) {
    throw new Error(`the defaults run has MALLOC_ARENA_MAX=${arena}`);
  }

  const db = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await db.connect();
  const token = await signIn(db);
  await db.end();
  const bodies = await Promise.all(photos.map((p) => fs.readFile(p.file)));

  await sleep(SMOKE ? 0 : 2_000);
  const idle = (await procStatus(pid)).rss;
  const memory = sampleMemory(pid);
  const curve = [];
  const started = performance.now();
  let adId = null;
  for (let n = 0; n < UPLOADS; n++) {
    if (state.interrupted) throw new Error('interrupted');
    if (n % PER_AD === 0) adId = await createAd(base, token, n / PER_AD + 1);
    const i = n % bodies.length;
    const form = new FormData();
    form.append('0', new Blob([bodies[i]], { type: 'image/jpeg' }), path.basename(photos[i].file));
    const list = await call(base, token, 'POST', `/api/post/${adId}/photos`, form);
    if (list.length !== (n % PER_AD) + 1) {
      throw new Error(`upload ${n + 1}: the ad lists ${list.length} photos`);
    }
    if ((n + 1) % PER_AD === 0 || n + 1 === UPLOADS) {
      const { rss, hwm } = await procStatus(pid);
      curve.push({ uploads: n + 1, rss, hwm });
      console.log(
        `  ${String(n + 1).padStart(4)} photos, ${seconds(started)}: RSS ${fmt(mb(rss))} MB, ` +
          `peak so far ${fmt(mb(Math.max(hwm, rss)))} MB`,
      );
    }
  }
  const ms = performance.now() - started;
  const seen = await memory.stop();
  await sleep(SMOKE ? 0 : 5_000);
  const after = (await procStatus(pid)).rss;
  if (server.output.count > 0) {
    console.log(
      `  ${server.output.count} line(s) of output (warnings and errors; npm start's build too); the last:`,
    );
    for (const line of server.output.lines.slice(-3)) console.log(`    ${line.slice(0, 300)}`);
  }
  await stop();
  // VmHWM is updated lazily and can trail a VmRSS sample by a little: the larger counts.
  const peak = Math.max(seen.hwm, seen.peakRss, ...curve.map((c) => Math.max(c.rss, c.hwm)));
  return { variant, arena, idle, after, curve, ms, peak };
}

// ---------------------------------------------------------------- report

function table(runs) {
  const marks = runs[0].curve.filter((_, i, all) => i % 2 === 1 || i === all.length - 1);
  const head =
    '| Server started with | Idle | ' +
    marks.map((m) => `After ${m.uploads}`).join(' | ') +
    ' | Peak (VmHWM) | < 400 MB | Time |';
  const rule = `| --- | ---: | ${marks.map(() => '---:').join(' | ')} | ---: | --- | ---: |`;
  const rows = runs.map((r) => {
    const at = marks.map((m) => fmt(mb(r.curve.find((c) => c.uploads === m.uploads)?.rss ?? 0)));
    const ok = mb(r.peak) < TARGET_PEAK_MB ? 'met' : '**missed**';
    return (
      `| ${r.variant.label} | ${fmt(mb(r.idle))} | ${at.join(' | ')} | ${fmt(mb(r.peak))} | ` +
      `${ok} | ${fmt(r.ms / 1000)} s |`
    );
  });
  return [head, rule, ...rows].join('\n');
}

function section({ runs, machine, photos }) {
  const inputMB = photos.reduce((sum, p) => sum + p.bytes, 0) / 1e6;
  return [
    START,
    '',
    '## Server memory over 300 photos (`bench/photo-memory.mjs`)',
    '',
    `Measured ${machine.date} on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}. ` +
      `The 1-minute load average before the runs was ${machine.load.toFixed(2)}` +
      `${machine.load > 0.5 ? ' (other work was running)' : ''}.`,
    '',
    `Each run: a fresh server (fresh \`DATA_DIR\`, embedded PostgreSQL, \`NODE_ENV=test\`, ` +
      `\`LOG_LEVEL=warn\`, rate limits lifted), ${UPLOADS} \`POST /api/post/{id}/photos\` ` +
      `requests one after the other, one photo each, ${PER_AD} to an ad ` +
      `(${Math.ceil(UPLOADS / PER_AD)} \`free_verified\` ads). The photos: ${photos.length} ` +
      `distinct JPEGs of ${WIDTH}×${HEIGHT} at quality ${JPEG_QUALITY} ` +
      `(${fmt(inputMB / photos.length, 1)} MB each, some upright, some Display P3), ` +
      'sent again for each ad. Resident memory (MB) of the server process:',
    '',
    table(runs),
    '',
    `- RSS is \`VmRSS\` after that many photos; the peak is \`VmHWM\`, the kernel's ` +
      `high-water mark (sampled every ${SAMPLE_MS} ms besides, so no peak between samples ` +
      'is missed). Five seconds after the last upload: ' +
      runs.map((r) => `${r.variant.short} ${fmt(mb(r.after))} MB`).join(', ') +
      '.',
    '- `npm start` runs the server as a child process started with `MALLOC_ARENA_MAX=2` ' +
      '(checked in `/proc/PID/environ` of the server process by the bench); the defaults ' +
      'run starts `apps/server/dist/main.js` directly with the setting unset.',
    '',
    'Run it again with `npm run bench:memory -w @adboard/bench -- --write`.',
    '',
    END,
  ].join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  if (!Number.isInteger(UPLOADS) || UPLOADS < PER_AD) {
    throw new Error(`--photos must be at least ${PER_AD}`);
  }
  if (process.platform !== 'linux') throw new Error('reads /proc: Linux only');
  await buildIfNeeded({ rebuild: flag('rebuild') });
  const photoDir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-photos-'));
  defer(() => fs.rm(photoDir, { recursive: true, force: true }));
  console.log(`drawing ${DISTINCT} photos into ${photoDir} ...`);
  const photos = await generatePhotos(photoDir, DISTINCT);

  const machine = machineInfo();
  const only = option('only', null);
  const runs = [];
  for (const variant of VARIANTS.filter((v) => !only || v.id === only)) {
    runs.push(await runVariant(variant, photos));
  }
  if (SMOKE) {
    console.log('smoke: both servers took every photo; no figures reported');
    return;
  }
  console.log(`\n${table(runs)}\n`);
  if (flag('write')) await writeSection(START, END, section({ runs, machine, photos }));
  else console.log('(run with --write to record these in docs/benchmarks.md)');
  const npmStart = runs.find((r) => r.variant.id === 'npm-start');
  if (npmStart && mb(npmStart.peak) >= TARGET_PEAK_MB) {
    console.log(`\nthe target was missed: npm start peaked at ${fmt(mb(npmStart.peak))} MB`);
    process.exitCode = 1;
  }
}

await runBench(main);
