// Photo upload benchmark: 30 photos of 4000×3000 pixels uploaded to one ad
// through the built server, one request per photo as the browser sends them,
// next to the same photos processed by a bare sharp loop (the ceiling). Records
// the time, photos per second and the server's peak memory.
//
//   node bench/photos-upload.mjs            print the figures
//   node bench/photos-upload.mjs --write    also record them in docs/benchmarks.md
//
// Options: --rounds=N (bare loop then upload, N times; medians reported,
// default 3), --per-request=N (photos per upload request, default 1 as the
// browser sends them), --rebuild (build the server even when dist/ looks fresh).
// See bench/README.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { call, createAd, signIn } from './lib/advertiser.mjs';
import { importSource } from './lib/source.mjs';
import { generatePhotos, HEIGHT, JPEG_QUALITY, WIDTH } from './lib/phone-photos.mjs';
import { cpuMs, mb, procStatus, SAMPLE_MS, sampleMemory } from './lib/process-memory.mjs';
import { fmt, machine as machineInfo, writeSection } from './lib/report.mjs';
import { defer, parseArgs, runBench, sleep, state } from './lib/run.mjs';
import {
  buildIfNeeded,
  embeddedDatabaseUrl,
  freePort,
  startServer,
  stopServer,
  waitForReady,
} from './lib/server.mjs';

const START = '<!-- photos-upload:start -->';
const END = '<!-- photos-upload:end -->';
const sharpLoop = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib/sharp-loop.mjs');

const { flag, option } = parseArgs(
  /^--(write|smoke|rebuild|rounds=\d+|per-request=\d+)$/,
  'node bench/photos-upload.mjs [--write | --smoke] [--rounds=N] [--per-request=N] [--rebuild]',
);

/** A smoke run (`npm test`): three photos, one round; every check, no figures. */
const SMOKE = flag('smoke');

const PHOTOS = SMOKE ? 3 : 30;
const ROUNDS = Number(option('rounds', SMOKE ? '1' : '3'));
const PER_REQUEST = Number(option('per-request', '1'));
/** The targets of the issue: this share of the bare loop's rate, and peak server memory. */
const TARGET_RATIO = 0.8;
const TARGET_PEAK_MB = 400;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ---------------------------------------------------------------- ceiling

/** The bare sharp loop over the photos, in a child process of its own. */
async function bareLoop(photos) {
  const args = [`--widths=${(await photoWidths()).join(',')}`, ...photos.map((p) => p.file)];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [sharpLoop, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    defer(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    });
    const memory = sampleMemory(child.pid);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('close', async (code, signal) => {
      const seen = await memory.stop();
      if (code !== 0) return reject(new Error(`the sharp loop exited with ${signal ?? code}`));
      const result = JSON.parse(out.trim().split('\n').at(-1));
      resolve({ ...result, peakKiB: Math.max(result.peakKiB, seen.hwm), sampledKiB: seen.peakRss });
    });
  });
}

// ---------------------------------------------------------------- server

/**
 * Uploads the photos to one ad, one after the other, PER_REQUEST photos a
 * multipart request (fields '0', '1', ...; by default one: what the browser
 * does, one request per chosen file). The JPEGs are read into memory first;
 * the clock covers the requests only. "Per photo" is a request's time divided
 * by its photos.
 */
async function upload(base, token, adId, photos, serverPid) {
  const bodies = await Promise.all(photos.map((p) => fs.readFile(p.file)));
  const memory = sampleMemory(serverPid);
  const perPhoto = [];
  const cpuBefore = await cpuMs(serverPid);
  const started = performance.now();
  for (let first = 0; first < bodies.length; first += PER_REQUEST) {
    if (state.interrupted) throw new Error('interrupted');
    const form = new FormData();
    const batch = bodies.slice(first, first + PER_REQUEST);
    for (const [i, data] of batch.entries()) {
      const name = path.basename(photos[first + i].file);
      form.append(String(i), new Blob([data], { type: 'image/jpeg' }), name);
    }
    const t = performance.now();
    const list = await call(base, token, 'POST', `/api/post/${adId}/photos`, form);
    const each = (performance.now() - t) / batch.length;
    for (let i = 0; i < batch.length; i++) perPhoto.push(each);
    if (list.length !== first + batch.length) {
      throw new Error(`after ${first + batch.length} photos the ad lists ${list.length}`);
    }
  }
  const ms = performance.now() - started;
  const cpu = (await cpuMs(serverPid)) - cpuBefore;
  const seen = await memory.stop();
  return { ms, cpuMs: cpu, perPhoto, sampledKiB: seen.peakRss, peakKiB: seen.hwm };
}

/**
/** The widths the server stores each photo at (its own constant, not a copy). */
let widths = null;
async function photoWidths() {
  widths ??= (await importSource('apps/server/src/modules/photos/photo-presenter.ts')).PHOTO_WIDTHS;
  return widths;
}

/**
 * The ad ends with every photo (GET /api/post/{id}), the first one primary, a
 * WebP file for each of the server's widths on disk; an upright photo's display
 * size is 1600 wide and portrait (EXIF orientation applied).
 */
async function verify(base, token, adId, photos, dataDir) {
  const post = await call(base, token, 'GET', `/api/post/${adId}`);
  if (post.photos.length !== photos.length) {
    throw new Error(
      `GET /api/post/${adId} lists ${post.photos.length} photos, not ${photos.length}`,
    );
  }
  // Uploads without `?slot=verification` are public photos (the verification photo
  // has its own slot since issue 16): the first is the primary one.
  if (!post.photos[0].primary || post.photos.some((p) => p.verification)) {
    throw new Error('the first photo is not the primary one, or one went to the verification slot');
  }
  const files = await fs.readdir(path.join(dataDir, 'photos', String(adId)));
  const webp = files.filter((name) => name.endsWith('.webp'));
  const expected = photos.length * (await photoWidths()).length;
  if (webp.length !== expected || webp.length !== files.length) {
    throw new Error(`${files.length} files stored for the ad, expected ${expected} WebP`);
  }
  let stored = 0;
  for (const name of webp)
    stored += (await fs.stat(path.join(dataDir, 'photos', String(adId), name))).size;
  const upright = photos.findIndex((p) => p.orientation !== 1);
  const response = await fetch(`${base}${post.photos[upright].url}`);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  if (meta.format !== 'webp' || meta.width !== 1600 || meta.height !== 2133) {
    throw new Error(`an upright photo is stored as ${meta.format} ${meta.width}×${meta.height}`);
  }
  return { stored };
}

// ---------------------------------------------------------------- report

const range = (values, digits) =>
  values.length > 1
    ? ` (${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)})`
    : '';
const cell = (values, digits) => `${fmt(median(values), digits)}${range(values, digits)}`;

function summarise(runs) {
  const times = runs.map((r) => r.ms / 1000);
  const cpu = runs.map((r) => r.cpuMs / 1000);
  const rates = runs.map((r) => (PHOTOS * 1000) / r.ms);
  const each = runs.flatMap((r) => r.perPhoto);
  return {
    times,
    cpu,
    rates,
    rate: median(rates),
    p50: median(each),
    max: Math.max(...each),
    peakMB: mb(Math.max(...runs.map((r) => r.peakKiB))),
    peaksMB: runs.map((r) => mb(r.peakKiB)),
  };
}

const uploadLabel = () =>
  PER_REQUEST === 1
    ? `Server: ${PHOTOS} uploads, one request per photo`
    : `Server: ${PHOTOS} photos, ${PER_REQUEST} per request`;

function table(bare, server) {
  const row = (label, s) =>
    `| ${label} | ${cell(s.times, 1)} | ${cell(s.rates, 2)} | ${cell(s.cpu, 1)} | ` +
    `${fmt(s.p50)} / ${fmt(s.max)} | ${fmt(s.peakMB)} |`;
  return [
    `| Run | Time for ${PHOTOS} photos (s) | Photos/s | CPU time (s) | ` +
      'Per photo, p50 / max (ms) | Peak RSS (MB) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('Bare sharp loop (ceiling)', bare),
    row(uploadLabel(), server),
  ].join('\n');
}

function targets(bare, server) {
  const ratio = server.rate / bare.rate;
  const cpuRatio = median(bare.cpu) / median(server.cpu);
  const verdict = (ok) => (ok ? 'met' : '**missed**');
  return {
    ratio,
    cpuRatio,
    met: ratio >= TARGET_RATIO && server.peakMB < TARGET_PEAK_MB,
    text: [
      '| Target | Measured | |',
      '| --- | ---: | --- |',
      `| Server photos/s ≥ ${TARGET_RATIO} × the bare loop's | ${fmt(ratio, 2)} × | ` +
        `${verdict(ratio >= TARGET_RATIO)} |`,
      `| Server peak RSS < ${TARGET_PEAK_MB} MB | ${fmt(server.peakMB)} MB | ` +
        `${verdict(server.peakMB < TARGET_PEAK_MB)} |`,
    ].join('\n'),
  };
}

function section({ bare, server, verdict, machine, photos, idle, stored, concurrency }) {
  const sizes = `${widths.slice(0, -1).join(', ')} and ${widths[widths.length - 1]}`;
  const inputMB = photos.reduce((sum, p) => sum + p.bytes, 0) / 1e6;
  const upright = photos.filter((p) => p.orientation !== 1).length;
  const p3 = photos.filter((p) => p.p3).length;
  const arenas = process.env.MALLOC_ARENA_MAX
    ? ` Both ran with \`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}\`.`
    : '';
  const requests =
    PER_REQUEST === 1
      ? `${PHOTOS} \`POST /api/post/{id}/photos\` requests one after the other, one photo ` +
        'each, as the browser sends them (one request per chosen file)'
      : `\`POST /api/post/{id}/photos\` requests of ${PER_REQUEST} photos each, one after ` +
        'the other (not what the browser does: it sends one photo a request)';
  return [
    START,
    '',
    '## Photo upload (`bench/photos-upload.mjs`)',
    '',
    `Measured ${machine.date} on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ` +
      `sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}, ` +
      `\`sharp.concurrency()\` ${concurrency}). The 1-minute load average before the runs was ` +
      `${machine.load.toFixed(2)}${machine.load > 0.5 ? ' (other work was running)' : ''}.${arenas}`,
    '',
    `Photos: ${PHOTOS} distinct JPEGs of ${WIDTH}×${HEIGHT} at quality ${JPEG_QUALITY} ` +
      `(colour blobs, shapes, texture and noise), ${fmt(inputMB, 1)} MB in all ` +
      `(${fmt(inputMB / PHOTOS, 1)} MB each); ${upright} taken upright (EXIF orientation ` +
      `6 or 8), ${p3} with a Display P3 profile. Each becomes a ${sizes} wide WebP ` +
      `and a perceptual hash; the ad ends with ${PHOTOS} photos, ` +
      `${fmt(stored / 1e6, 1)} MB of WebP.`,
    '',
    table(bare, server),
    '',
    verdict.text,
    '',
    `- Medians of ${ROUNDS} round${ROUNDS > 1 ? 's' : ''} (range in brackets); in each round ` +
      'the bare loop runs, then the upload to a fresh ad. CPU time is user + system of the ' +
      "process, all threads (the server's PostgreSQL not included): it moves less than the " +
      `wall time when other work shares the cores. On CPU time the server does the work in ` +
      `${fmt(verdict.cpuRatio, 2)} × the bare loop's rate.`,
    '- Bare sharp loop: a child process doing what `processPhoto()` does, photo after photo: ' +
      `metadata, then rotate + resize to each of ${sizes} wide + WebP quality 82 keeping ICC ` +
      `(each decoding the JPEG), then a 32×32 greyscale raw of the ${widths[0]} WebP for the hash.`,
    '- Server: the built server (`NODE_ENV=test`, `LOG_LEVEL=warn`, rate limits lifted), ' +
      `one \`free_verified\` ad, ${requests}; the time covers the requests.`,
    `- Peak RSS: the process's \`VmHWM\` (the kernel's high-water mark of its resident ` +
      `memory), with \`VmRSS\` sampled every ${SAMPLE_MS} ms besides. The server held ` +
      `${fmt(mb(idle.before))} MB before the first upload and ${fmt(mb(idle.after))} MB ` +
      'a second after the last one' +
      (ROUNDS > 1
        ? `; its peak after each round of ${PHOTOS} photos: ` +
          `${server.peaksMB.map((p) => fmt(p)).join(', ')} MB.`
        : '.'),
    '',
    'Run it again with `npm run bench:photos -w @adboard/bench -- --write`.',
    '',
    END,
  ].join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds must be >= 1');
  if (!Number.isInteger(PER_REQUEST) || PER_REQUEST < 1 || PER_REQUEST > PHOTOS) {
    throw new Error(`--per-request must be 1 to ${PHOTOS}`);
  }
  await buildIfNeeded({ rebuild: flag('rebuild') });

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-'));
  defer(() => fs.rm(dataDir, { recursive: true, force: true }));
  const photoDir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-photos-'));
  defer(() => fs.rm(photoDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`starting the server on ${base} (DATA_DIR ${dataDir}) ...`);
  const server = startServer(dataDir, port);
  defer(() => stopServer(server));

  // The photos are drawn while the server starts.
  console.log(`drawing the photos into ${photoDir} ...`);
  const photos = await generatePhotos(photoDir, PHOTOS);
  await waitForReady(base, server);

  const db = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await db.connect();
  defer(() => db.end());
  const token = await signIn(db);

  // Other work on the machine skews every figure: say how busy it was.
  await sleep(2_000);
  const machine = machineInfo();
  const pid = server.child.pid;
  const idle = { before: (await procStatus(pid)).rss, after: 0 };
  const bareRuns = [];
  const serverRuns = [];
  let adId = null;
  let concurrency = null;
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`\nround ${round} of ${ROUNDS}`);
    const bare = await bareLoop(photos);
    concurrency = bare.concurrency;
    bareRuns.push(bare);
    console.log(
      `  bare sharp loop: ${fmt(bare.ms / 1000, 1)} s, ${fmt((PHOTOS * 1000) / bare.ms, 2)} ` +
        `photos/s, CPU ${fmt(bare.cpuMs / 1000, 1)} s, peak RSS ${fmt(mb(bare.peakKiB))} MB`,
    );
    adId = await createAd(base, token, round);
    const uploaded = await upload(base, token, adId, photos, pid);
    serverRuns.push(uploaded);
    console.log(
      `  server upload:   ${fmt(uploaded.ms / 1000, 1)} s, ` +
        `${fmt((PHOTOS * 1000) / uploaded.ms, 2)} photos/s, CPU ${fmt(uploaded.cpuMs / 1000, 1)} ` +
        `s, peak RSS ` +
        `${fmt(mb(uploaded.peakKiB))} MB (sampled ${fmt(mb(uploaded.sampledKiB))} MB)`,
    );
  }
  const { stored } = await verify(base, token, adId, photos, dataDir);
  if (SMOKE) {
    console.log('smoke: the bare loop and the server took every photo; no figures reported');
    return;
  }
  await sleep(1_000);
  idle.after = (await procStatus(pid)).rss;

  const bare = summarise(bareRuns);
  const uploads = summarise(serverRuns);
  const verdict = targets(bare, uploads);
  const doc = section({
    bare,
    server: uploads,
    verdict,
    machine,
    photos,
    idle,
    stored,
    concurrency,
  });
  if (server.output.count > 0) {
    console.log(`\nthe server logged ${server.output.count} line(s) at warn or above; the last:`);
    for (const line of server.output.lines.slice(-5)) console.log(`  ${line.slice(0, 300)}`);
  }
  console.log(`\n${table(bare, uploads)}\n\n${verdict.text}\n`);
  console.log(
    `server RSS: ${fmt(mb(idle.before))} MB before the first upload, ` +
      `${fmt(mb(idle.after))} MB a second after the last`,
  );
  if (flag('write')) await writeSection(START, END, doc);
  else console.log('(run with --write to record these in docs/benchmarks.md)');
  if (!verdict.met) console.log('\na target was missed');
}

await runBench(main);
