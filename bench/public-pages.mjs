// Benchmark of the public ad pages: with 100,000 public ads, the details page and
// a city page under autocannon (100 connections), next to a bare Fastify route
// answering the same bytes from memory (the ceiling), in one run.
//
//   node bench/public-pages.mjs            print the figures
//   node bench/public-pages.mjs --write    also record them in docs/benchmarks.md
//
// Options: --duration=SECONDS (each measured run, default 10), --rounds=N (of the
// page and ceiling runs, default 3; medians reported), --cpu-prof (profile the
// server and print where its time went), --rebuild (build the server even when
// dist/ looks fresh). See bench/README.md.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { assertAllOk, combineRounds, loadGet } from './lib/cannon.mjs';
import { startCeiling } from './lib/ceiling-server.mjs';
import { startUncachedCeiling } from './lib/uncached-ceiling.mjs';
import { COUNTING_RATIO, countingRounds, startCountingPair } from './lib/counting-runs.mjs';
import { summariseProfile } from './lib/cpu-profile.mjs';
import { getRaw } from './lib/fetch-raw.mjs';
import { hiddenKinds, pickTargets, seedPublicAds } from './lib/public-ads-seed.mjs';
import { fmt, machine as machineInfo, writeSection } from './lib/report.mjs';
import { defer, parseArgs, runBench } from './lib/run.mjs';
import {
  buildIfNeeded,
  embeddedDatabaseUrl,
  freePort,
  startServer,
  stopServer,
  waitForReady,
} from './lib/server.mjs';

const START = '<!-- public-pages:start -->';
const END = '<!-- public-pages:end -->';
const COMMAND = 'npm run bench:pages -w @adboard/bench -- --write';

const { flag, option } = parseArgs(
  /^--(write|smoke|rebuild|cpu-prof|duration=\d+|rounds=\d+)$/,
  'node bench/public-pages.mjs [--write | --smoke] [--duration=SECONDS] [--rounds=N] [--cpu-prof] [--rebuild]',
);

/**
 * A smoke run (`npm test`): a few hundred ads, one second a run, no warm-up; every
 * check (the pages, both ceilings answering the server's bytes), no figures.
 */
const SMOKE = flag('smoke');
const OWNERS = SMOKE ? 20 : 4_000;
const PUBLIC_ADS = SMOKE ? 400 : 100_000;
/** Ads that must not show (pending, expired, deleted, banned or anonymous owner). */
const HIDDEN_ADS = SMOKE ? 60 : 10_000;
const CONNECTIONS = SMOKE ? 10 : 100;
const DURATION = Number(option('duration', SMOKE ? '1' : '10'));
const ROUNDS = Number(option('rounds', SMOKE ? '1' : '3'));
const WARMUP = SMOKE ? 0 : 3;
/** The targets. */
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
/** Issue 14: the details crawl against a bare route with one prepared query and the render. */
const TARGET_CRAWL_RATIO = 0.7;
/** The local development site serves `{city}.localhost:{port}`. */
const SITE_ID = 'local';
const PUBLIC_DOMAIN = 'localhost';
const hostOf = (city, port) => `${city}.${PUBLIC_DOMAIN}:${port}`;
const runId = randomBytes(4).toString('hex');

// ---------------------------------------------------------------- pages

/** The first request for a page: the server renders it (nothing cached yet). */
async function firstAnswer(base, path, host) {
  const t = performance.now();
  const answer = await getRaw(base, path, host);
  return { ...answer, ms: performance.now() - t };
}

const adLinks = (html) => new Set([...html.matchAll(/\/ads\/details\/(\d+)/g)].map((m) => m[1]));

/** Size, compressed size and what a page asks of the browser: the page budget. */
function describePage(label, answer) {
  const html = answer.body.toString('utf8');
  return {
    label,
    status: answer.status,
    firstMs: answer.ms,
    bytes: answer.body.length,
    gzipBytes: gzipSync(answer.body).length,
    scripts: (html.match(/<script\b/gi) ?? []).length,
    stylesheets: (html.match(/<link\b[^>]*rel=["']?stylesheet/gi) ?? []).length,
    images: (html.match(/<img\b/gi) ?? []).length,
    contentType: answer.headers['content-type'] ?? '',
    cacheControl: answer.headers['cache-control'] ?? '(none)',
    etag: Boolean(answer.headers.etag),
    encoding: answer.headers['content-encoding'] ?? 'identity',
  };
}

function expectPage(label, answer, check) {
  const html = answer.body.toString('utf8');
  if (answer.status !== 200) {
    throw new Error(
      `${label} answered ${answer.status}, not 200: are the public pages built? ` +
        html.slice(0, 300),
    );
  }
  if (!String(answer.headers['content-type'] ?? '').startsWith('text/html')) {
    throw new Error(`${label} answered ${answer.headers['content-type']}, not HTML`);
  }
  const problem = check(html);
  if (problem) throw new Error(`${label}: ${problem}`);
}

/**
 * The pages must answer 200 with the right content before anything is measured
 * (a 404 page is fast too); hidden ads must answer 404 (warned, not fatal: the
 * server's tests own that rule, the bench only notices).
 */
async function preflight(base, port, targets) {
  const host = hostOf(targets.city.city_slug, port);
  const detailsPath = `/ads/details/${targets.ad.id}`;
  const details = await firstAnswer(base, detailsPath, host);
  expectPage(`GET ${detailsPath}`, details, (html) =>
    html.includes(targets.ad.title.split(' ')[0]) ? null : 'the ad title is not on the page',
  );
  const city = await firstAnswer(base, '/', host);
  expectPage('GET / (city page)', city, (html) =>
    adLinks(html).size > 0 ? null : 'the city page links no ads',
  );
  const perPage = adLinks(city.body.toString('utf8')).size;
  const lastPage = Math.max(1, Math.ceil(targets.city.ads / perPage));
  const lastPath = `/?page=${lastPage}`;
  const last = await firstAnswer(base, lastPath, host);
  expectPage(`GET ${lastPath} (last city page)`, last, (html) =>
    adLinks(html).size > 0 ? null : 'the last city page links no ads',
  );
  for (const { id, city: slug } of targets.everyAd.slice(0, 20)) {
    const answer = await getRaw(base, `/ads/details/${id}`, hostOf(slug, port));
    if (answer.status !== 200) {
      throw new Error(`GET /ads/details/${id} on ${slug} answered ${answer.status}`);
    }
  }
  const beyond = await getRaw(base, `/?page=${lastPage + 1}`, host);
  if (beyond.status !== 404) console.warn(`  the page after the last answered ${beyond.status}`);
  const leaks = [];
  for (const { kind, id } of targets.hidden) {
    const answer = await getRaw(base, `/ads/details/${id}`, host);
    if (answer.status !== 404) leaks.push(`${kind} ad ${id} answered ${answer.status}`);
  }
  const missing = hiddenKinds.filter((k) => !targets.hidden.some((h) => h.kind === k));
  if (missing.length > 0) console.warn(`  no hidden ad of kind ${missing.join(', ')} in the city`);
  for (const leak of leaks) console.warn(`  WARNING: a hidden ad is public: ${leak}`);
  return { host, details, detailsPath, city, perPage, lastPage, lastPath, last, leaks };
}

// ---------------------------------------------------------------- report

const ms = (n) => (Number.isInteger(n) ? String(n) : fmt(n, 1));
const mb = (bytesPerSecond) => fmt(bytesPerSecond / 1024 / 1024, 1);
/** ` (low–high)` of the rounds, when there were several. */
const range = (pair, digits) =>
  pair && pair[0] !== pair[1] ? ` (${fmt(pair[0], digits)}–${fmt(pair[1], digits)})` : '';

function resultsTable(rows) {
  const lines = [
    '| Run | Requests/s | Of its ceiling | p50 (ms) | p99 (ms) | Max (ms) | Throughput (MB/s) | Requests | Non-2xx | Errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { result: r, ceiling } of rows) {
    const ratio = ceiling ? `${fmt(r.rps / ceiling.rps, 2)} ×` : '';
    lines.push(
      `| ${r.label} | ${fmt(r.rps, 1)}${range(r.rpsRange, 0)} | ${ratio} | ${ms(r.p50)} | ` +
        `${ms(r.p99)}${range(r.p99Range, 0)} | ${ms(r.max)} | ` +
        `${mb(r.bytesPerSecond)} | ${fmt(r.answered)} | ${fmt(r.non2xx)} | ` +
        `${fmt(r.errors + r.timeouts)} |`,
    );
  }
  return lines.join('\n');
}

function budgetTable(pages) {
  const lines = [
    '| Page | Bytes | Gzipped | `<script>` | Stylesheets | `<img>` | Cache-Control | ETag | First answer (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |',
  ];
  for (const p of pages) {
    lines.push(
      `| ${p.label} | ${fmt(p.bytes)} | ${fmt(p.gzipBytes)} | ${p.scripts} | ${p.stylesheets} | ` +
        `${p.images} | \`${p.cacheControl}\` | ${p.etag ? 'yes' : 'no'} | ${fmt(p.firstMs, 1)} |`,
    );
  }
  return lines.join('\n');
}

function verdicts(targets) {
  const lines = ['| Target | Measured | |', '| --- | ---: | --- |'];
  for (const t of targets) {
    lines.push(`| ${t.name} | ${t.measured} | ${t.met ? 'met' : '**missed**'} |`);
  }
  return lines.join('\n');
}

function targetsOf(page, ceiling) {
  const ratio = page.rps / ceiling.rps;
  return [
    {
      name: `${page.label}: requests/s ≥ ${TARGET_RATIO} × its ceiling`,
      measured: `${fmt(ratio, 2)} × (${fmt(page.rps, 0)} of ${fmt(ceiling.rps, 0)})`,
      met: ratio >= TARGET_RATIO,
    },
    {
      name: `${page.label}: p99 < ${TARGET_P99_MS} ms`,
      measured: `${ms(page.p99)} ms`,
      met: page.p99 < TARGET_P99_MS,
    },
  ];
}

function section({ machine, data, pages, rows, targets, notes }) {
  return [
    START,
    '',
    '## Public ad pages (`bench/public-pages.mjs`)',
    '',
    `Measured ${machine.date} on ${machine.cores} cores (${machine.cpu}), ` +
      `${fmt(machine.memoryGiB, 1)} GiB of memory, Node ${machine.node}, PostgreSQL ` +
      `${machine.postgres} (embedded). autocannon, the server, PostgreSQL and the ceiling ` +
      'server share these cores; the 1-minute load average was ' +
      `${machine.load.toFixed(2)} before the runs` +
      `${machine.load > 0.5 ? ' (other work was running)' : ''} and ` +
      `${machine.loadAfter.toFixed(2)} after them (the bench itself keeps the cores busy).`,
    '',
    `Data: ${fmt(data.public)} public ads (approved, active, not expired, owner not banned) ` +
      `over ${fmt(data.owners)} accounts in ${data.cities} cities (tier-2 cities three times ` +
      `the ads of tier-1 ones), ${fmt(data.premium)} of them premium (\`premium_until\` ahead) ` +
      `and ${fmt(data.vip)} VIP (\`paid\`), posted over the last 29 days; ` +
      `${fmt(data.hidden)} more ads that must not show (pending, expired, past their expiry ` +
      'but still `active`, deleted, owner banned, anonymous); ' +
      `${fmt(data.photos)} photo rows (0 to 4 an ad). The busiest city, ` +
      `\`${data.city}\`, has ${fmt(data.cityAds)} public ads (${data.perPage} a page, ` +
      `${data.lastPage} pages); the details page is ad ${data.adId} there (4 photos).`,
    '',
    resultsTable(rows),
    '',
    verdicts(targets),
    '',
    'Page budget (the bytes autocannon received: no `Accept-Encoding` sent; gzipped is ' +
      'what `gzip -6` makes of them):',
    '',
    budgetTable(pages),
    '',
    ...notes.map((n) => `- ${n}`),
    '',
    `Run it again with \`${COMMAND}\`.`,
    '',
    END,
  ].join('\n');
}

// ---------------------------------------------------------------- main

async function measure(base, spec, { warmup = true } = {}) {
  if (warmup && WARMUP > 0) assertAllOk(await loadGet(base, { ...spec, duration: WARMUP }));
  const result = await loadGet(base, { ...spec, duration: DURATION });
  assertAllOk(result);
  console.log(
    `  ${result.label}: ${fmt(result.rps, 1)} req/s, p50 ${result.p50} ms, ` +
      `p99 ${result.p99} ms, ${fmt(result.answered)} answers`,
  );
  return result;
}

async function main() {
  if (!Number.isInteger(DURATION) || DURATION < 1) throw new Error('--duration must be >= 1');
  await buildIfNeeded({ rebuild: flag('rebuild') });

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-'));
  defer(() => fs.rm(dataDir, { recursive: true, force: true }));
  const profileDir = path.join(dataDir, 'cpu-profile');
  const nodeArgs = flag('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`starting the server on ${base} (DATA_DIR ${dataDir}) ...`);
  const server = startServer(dataDir, port, { nodeArgs });
  let serverStopped = false;
  const stop = async () => {
    if (serverStopped) return;
    serverStopped = true;
    await stopServer(server);
  };
  defer(stop);
  await waitForReady(base, server);

  const db = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  // The server stops its PostgreSQL, which ends this connection too: expected then.
  db.on('error', (error) => console.error(`bench database connection: ${error.message}`));
  await db.connect();
  let dbOpen = true;
  const closeDb = async () => {
    if (!dbOpen) return;
    dbOpen = false;
    await db.end();
  };
  defer(closeDb);

  console.log('seeding ...');
  const { photoCount } = await seedPublicAds(db, {
    siteId: SITE_ID,
    prefix: `bench-pages-${runId}-`,
    owners: OWNERS,
    publicAds: PUBLIC_ADS,
    hiddenAds: HIDDEN_ADS,
  });
  const targets = await pickTargets(db);
  const { city, ad, totals } = targets;
  console.log(
    `  ${totals.public} public ads (${totals.premium} premium, ${totals.vip} VIP) over ` +
      `${totals.owners} owners in ${totals.cities} cities, ${totals.hidden} hidden; ` +
      `busiest city ${city.city_slug} with ${city.ads}; details page: ad ${ad.id}`,
  );

  console.log(`checking the pages on Host ${hostOf(city.city_slug, port)} ...`);
  const pre = await preflight(base, port, targets);
  const { host } = pre;
  const pages = [
    describePage(`Details \`${pre.detailsPath}\``, pre.details),
    describePage('City page `/`', pre.city),
    describePage(`City page \`${pre.lastPath}\` (last)`, pre.last),
  ];
  for (const p of pages) {
    console.log(
      `  ${p.label}: ${fmt(p.bytes)} bytes (${fmt(p.gzipBytes)} gzipped), ${p.scripts} scripts, ` +
        `${p.images} images, ${p.contentType}, Cache-Control ${p.cacheControl}, ` +
        `ETag ${p.etag ? 'yes' : 'no'}, first answer ${fmt(p.firstMs, 1)} ms`,
    );
  }

  // The ceiling answers exactly what the server answered autocannon's request.
  const ceiling = await startCeiling([
    { path: '/ads/details/:id', ...pick(pre.details) },
    { path: '/', ...pick(pre.city) },
  ]);
  defer(() => ceiling.stop());
  for (const [route, original] of [
    [pre.detailsPath, pre.details],
    ['/', pre.city],
  ]) {
    const copy = await getRaw(ceiling.base, route, host);
    if (copy.status !== 200 || !copy.body.equals(original.body)) {
      throw new Error(`the ceiling's ${route} does not answer the captured bytes`);
    }
  }

  // The crawl's ceiling: one prepared query and the same render, nothing cached.
  const uncached = await startUncachedCeiling({
    databaseUrl: await embeddedDatabaseUrl(dataDir),
    siteId: SITE_ID,
    origin: `http://${host}`,
  });
  defer(() => uncached.stop());
  {
    const own = await getRaw(base, pre.detailsPath, host);
    const bare = await getRaw(uncached.base, pre.detailsPath, host);
    if (bare.status !== 200 || !bare.body.equals(own.body)) {
      const a = own.body.toString('utf8');
      const b = bare.body.toString('utf8');
      let at = 0;
      while (at < a.length && a[at] === b[at]) at += 1;
      throw new Error(
        `the uncached ceiling's details page is not the server's page (status ${bare.status}; ` +
          `from character ${at}: server ${JSON.stringify(a.slice(at, at + 120))}, ceiling ${JSON.stringify(b.slice(at, at + 120))})`,
      );
    }
  }

  // Beyond the two pages: every public ad, and every page of every city,
  // each asked once per round of all of them, as a crawler would: no recent-page
  // cache holds them, so these show the rendering and the database.
  const everyAd = targets.everyAd.map((a) => ({
    path: `/ads/details/${a.id}`,
    host: hostOf(a.city, port),
  }));
  const everyCityPage = targets.cities
    .flatMap((c) =>
      Array.from({ length: Math.ceil(c.ads / pre.perPage) }, (_, i) => ({
        path: i === 0 ? '/' : `/?page=${i + 1}`,
        host: hostOf(c.city, port),
        order: createHash('md5').update(`${c.city}:${i}`).digest('hex'),
      })),
    )
    .sort((x, y) => (x.order < y.order ? -1 : 1))
    .map(({ path: p, host: h }) => ({ path: p, host: h }));

  const before = machineInfo();
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per run, after a ${WARMUP} s warm-up ` +
      `the first time; ${ROUNDS} round(s) of the page and ceiling runs:`,
  );
  const run = (target, label, list, options) =>
    measure(target, { label, targets: list, connections: CONNECTIONS }, options);
  // Page and ceiling back to back, round after round: other work on the machine
  // then weighs on both alike, and the medians of the rounds are compared.
  const plan = [
    [base, 'Details page, one ad', [{ path: pre.detailsPath, host }]],
    [ceiling.base, 'Ceiling: the details page from memory', [{ path: pre.detailsPath, host }]],
    [base, 'City page `/`', [{ path: '/', host }]],
    [ceiling.base, 'Ceiling: the city page from memory', [{ path: '/', host }]],
  ];
  const rounds = plan.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    console.log(`round ${round + 1} of ${ROUNDS}`);
    for (const [i, [target, label, list]] of plan.entries()) {
      rounds[i].push(await run(target, label, list, { warmup: round === 0 }));
    }
  }
  const [details, detailsCeiling, cityPage, cityCeiling] = rounds.map(combineRounds);
  console.log('crawler-like runs (once each)');
  const allAds = await run(base, `Details pages, all ${fmt(everyAd.length)} ads in turn`, everyAd);
  const allAdsCeiling = await run(
    uncached.base,
    'Ceiling: every details page in turn, one prepared query and the render',
    everyAd,
  );
  const allCityPages = await run(
    base,
    `City pages, all ${fmt(everyCityPage.length)} in turn`,
    everyCityPage,
  );
  // Issue 29: each ad's statistics counted and not, in this run, by a person's browser.
  console.log('counting on and off (AD_STATS), two more servers on this database');
  const pair = await startCountingPair(await embeddedDatabaseUrl(dataDir), defer);
  const counting = await countingRounds({
    pair,
    rounds: ROUNDS,
    pages: [
      {
        label: 'Details page, one ad',
        targets: (p) => [{ path: pre.detailsPath, host: hostOf(city.city_slug, p) }],
      },
      { label: 'City page `/`', targets: (p) => [{ path: '/', host: hostOf(city.city_slug, p) }] },
    ],
    run: (target, label, list, warmup) => run(target, label, list, { warmup }),
  });
  /** The server's CPU time per answered request over all rounds (µs). */
  const cpuPerRequest = (rounds) =>
    (rounds.reduce((sum, r) => sum + r.cpuMs, 0) * 1000) /
    rounds.reduce((sum, r) => sum + r.answered, 0);
  const countingRows = counting.map(({ on, off }) => ({
    on: combineRounds(on),
    off: combineRounds(off),
    cpu: { on: cpuPerRequest(on), off: cpuPerRequest(off) },
  }));
  const after = machineInfo();
  if (SMOKE) {
    console.log('smoke: the pages and both ceilings answer the same bytes; no figures reported');
    return;
  }

  const rows = [
    { result: details, ceiling: detailsCeiling },
    { result: detailsCeiling },
    { result: allAds, ceiling: allAdsCeiling },
    { result: allAdsCeiling },
    { result: cityPage, ceiling: cityCeiling },
    { result: cityCeiling },
    { result: allCityPages, ceiling: cityCeiling },
    ...countingRows.flatMap(({ on, off }) => [{ result: on, ceiling: off }, { result: off }]),
  ];
  const crawlRatio = allAds.rps / allAdsCeiling.rps;
  const verdict = [
    ...targetsOf(details, detailsCeiling),
    ...targetsOf(cityPage, cityCeiling),
    {
      name: `Details pages in turn: pages/s ≥ ${TARGET_CRAWL_RATIO} × the uncached ceiling`,
      measured: `${fmt(crawlRatio, 2)} × (${fmt(allAds.rps, 0)} of ${fmt(allAdsCeiling.rps, 0)})`,
      met: crawlRatio >= TARGET_CRAWL_RATIO,
    },
    ...countingRows.flatMap(({ on, off, cpu }) => [
      {
        name: `${on.label.replace(/, counting on$/, '')}: requests/s counting ≥ ${COUNTING_RATIO} × not counting (issue 29)`,
        measured: `${fmt(on.rps / off.rps, 2)} × (${fmt(on.rps, 0)} of ${fmt(off.rps, 0)})`,
        met: on.rps / off.rps >= COUNTING_RATIO,
      },
      {
        name: `${on.label.replace(/, counting on$/, '')}: the server's CPU per request, not counting ÷ counting ≥ ${COUNTING_RATIO} (the requests/s a server bound by its own CPU keeps)`,
        measured: `${fmt(cpu.off / cpu.on, 2)} × (${fmt(cpu.on, 0)} µs counting, ${fmt(cpu.off, 0)} µs not)`,
        met: cpu.off / cpu.on >= COUNTING_RATIO,
      },
    ]),
  ];

  const versions = await db.query('SHOW server_version');
  const machine = {
    ...before,
    loadAfter: after.load,
    memoryGiB: os.totalmem() / 1024 ** 3,
    postgres: versions.rows[0].server_version.split(' ')[0],
  };
  const notes = [
    `Every run: ${CONNECTIONS} connections for ${DURATION} s, after a ${WARMUP} s unmeasured ` +
      `warm-up the first time. The page and ceiling runs go in ${ROUNDS} rounds (details, ` +
      'its ceiling, city, its ceiling, then again), so work elsewhere on the machine weighs ' +
      'on pages and ceilings alike; their requests/s, p50, p99 and throughput are medians ' +
      'of the rounds (range of requests/s and p99 in brackets), requests summed, max the ' +
      "highest. Each request carries its city's Host header " +
      `(\`${city.city_slug}.localhost:{port}\`, ` +
      'the local development site), nothing else (no cookies, no `Accept-Encoding`, ' +
      'no `If-None-Match`: every answer is a full page). A run with any non-2xx answer, ' +
      'socket error or timeout fails the bench.',
    'Ceiling: a bare Fastify server (same Fastify, no plugins, logger off) in a child ' +
      'process of its own, like the real server, answering the bytes and headers the ' +
      'server gave for that page (all but `date`, `connection`, `content-length`), from ' +
      'memory. It runs in its own process because in the bench process it would share ' +
      "an event loop with autocannon and measure the load generator's limit.",
    `"Of its ceiling": the run's requests/s over its ceiling's. The targets apply to ` +
      'the details and city page runs (one page each, asked again and ' +
      'again, as a popular page is). The two "in turn" rows are what a crawler does: ' +
      `every public ad's page (on its own city's host), then all ${fmt(everyCityPage.length)} ` +
      `pages of all ${totals.cities} cities (${fmt(pre.perPage)} ads a page), each asked once ` +
      'per round of all of them, so a cache of recent pages does not hold them; their ' +
      "ratio is against the one page's ceiling (the pages differ a little in size).",
    'Rate limits lifted with `RATE_LIMIT_SCALE=1000000`; `NODE_ENV=test`, `LOG_LEVEL=warn`.',
    "Counting on / off (issue 29, each ad's statistics): two more servers on the same " +
      'database, the same but for `AD_STATS` (true: counted, false: not), no jobs on either, ' +
      "asked in turns (the order swapped every round) with a phone browser's User-Agent " +
      '(a request without one, like the runs above, is not counted). Every request comes ' +
      'from 127.0.0.1, so after the first each is the once-a-day check (the keyed hash and ' +
      'one look-up per ad shown) that every repeat visit costs; the "of its ceiling" ' +
      'column of a "counting on" row is its ratio to the "counting off" row below it. ' +
      "The server's CPU time per request is read from /proc for each run (user and system " +
      'time over the answers, all rounds): unlike requests/s it does not move with the ' +
      "load generator's and the other processes' share of the cores.",
  ];
  if (pre.leaks.length > 0) {
    notes.push(`Warning: hidden ads answered 200 instead of 404: ${pre.leaks.join('; ')}.`);
  }
  const doc = section({
    machine,
    data: {
      ...totals,
      photos: photoCount,
      city: city.city_slug,
      cityAds: city.ads,
      perPage: pre.perPage,
      lastPage: pre.lastPage,
      adId: ad.id,
    },
    pages,
    rows,
    targets: verdict,
    notes,
  });

  if (server.output.count > 0) {
    console.log(`\nthe server logged ${server.output.count} line(s) at warn or above; the last:`);
    for (const line of server.output.lines.slice(-5)) console.log(`  ${line.slice(0, 300)}`);
  }
  console.log(`\n${resultsTable(rows)}\n\n${verdicts(verdict)}\n\n${budgetTable(pages)}\n`);

  if (flag('cpu-prof')) {
    // The profile is written when the server exits.
    await closeDb();
    await stop();
    await printProfile(profileDir);
  }
  if (flag('write')) await writeSection(START, END, doc);
  else console.log('(run with --write to record these in docs/benchmarks.md)');
  if (verdict.some((t) => !t.met)) {
    console.log('\na target was missed');
    process.exitCode = 1;
  }
}

const pick = ({ status, headers, body }) => ({ status, headers, body });

async function printProfile(profileDir) {
  const files = (await fs.readdir(profileDir)).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) {
    console.log('\nno CPU profile was written (did the server exit cleanly?)');
    return;
  }
  // Kept outside DATA_DIR (removed at the end) to open in Chrome's DevTools.
  const kept = path.join(os.tmpdir(), `public-pages-${runId}.cpuprofile`);
  await fs.copyFile(path.join(profileDir, files[0]), kept);
  const summary = await summariseProfile(kept);
  console.log(`\nCPU profile of the server's whole life: ${kept}`);
  console.log(
    `${fmt(summary.totalMs / 1000, 1)} s sampled, ${fmt(summary.busyMs / 1000, 1)} s busy; ` +
      'self time as a share of the busy time:',
  );
  console.log('  by package or file:');
  for (const p of summary.packages.slice(0, 12)) {
    console.log(`    ${fmt(p.share * 100, 1).padStart(5)} %  ${p.name}`);
  }
  console.log('  by function:');
  for (const f of summary.functions) {
    console.log(`    ${fmt(f.share * 100, 1).padStart(5)} %  ${f.name}`);
  }
}

await runBench(main);
