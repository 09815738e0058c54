// Benchmark of several servers behind a reverse proxy (issue 25): the public pages
// and My Posts, through nginx with one web server behind it and with two, and
// straight to one server (what the proxy costs), in one run, on the cluster the
// several-servers test starts (apps/server/test/cluster/cluster.ts: one database,
// Redis, an S3 bucket on s3rver, a worker, nginx).
//
//   node bench/several-servers.mjs            print the figures
//   node bench/several-servers.mjs --write    also record them in docs/benchmarks.md
//   node bench/several-servers.mjs --smoke    tiny data, 1 s runs, no figures (npm test)
//
// Options: --duration=SECONDS (each measured run, default 10). See bench/README.md.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { assertAllOk, loadGet } from './lib/cannon.mjs';
import { getRaw } from './lib/fetch-raw.mjs';
import { pickTargets, seedPublicAds } from './lib/public-ads-seed.mjs';
import { fmt, machine as machineInfo, writeSection } from './lib/report.mjs';
import { defer, parseArgs, runBench } from './lib/run.mjs';
import { buildIfNeeded, freePort, root } from './lib/server.mjs';

const START = '<!-- several-servers:start -->';
const END = '<!-- several-servers:end -->';
const COMMAND = 'npm run bench:servers -w @adboard/bench -- --write';

const { flag, option } = parseArgs(
  /^--(write|smoke|duration=\d+)$/,
  'node bench/several-servers.mjs [--write | --smoke] [--duration=SECONDS]',
);

const SMOKE = flag('smoke');
const OWNERS = SMOKE ? 20 : 4_000;
const PUBLIC_ADS = SMOKE ? 300 : 100_000;
const HIDDEN_ADS = SMOKE ? 30 : 2_000;
/** Signed-in advertisers whose My Posts are asked in turn (as bench/ads-load.mjs). */
const SESSIONS = SMOKE ? 5 : 50;
const PAGE_CONNECTIONS = SMOKE ? 10 : 100;
const API_CONNECTIONS = SMOKE ? 5 : 20;
const DURATION = Number(option('duration', SMOKE ? '1' : '10'));
const WARMUP = SMOKE ? 0 : 2;
const SITE_ID = 'local';
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The cluster harness and the embedded PostgreSQL are TypeScript of the server's
 * tests: bundled here (npm packages left outside) and imported.
 */
async function loadHarness() {
  // Beside the harness's own sources, so that the paths they find from their own
  // place (the server folder, its packages) are the same once bundled.
  const support = path.join(root, 'apps/server/test/support');
  const outfile = path.join(support, `.bench-harness-${randomBytes(4).toString('hex')}.mjs`);
  defer(() => fs.rm(outfile, { force: true }));
  await build({
    stdin: {
      contents: [
        `export { startCluster } from '../cluster/cluster.ts';`,
        `export { startReverseProxy } from '../cluster/nginx.ts';`,
        `export { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';`,
      ].join('\n'),
      resolveDir: support,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

/** Sessions of advertisers who own public ads, straight into the database (as ads-load). */
async function signInOwners(db) {
  const { rows } = await db.query(
    `SELECT u.id FROM users u
      WHERE u.site_id = $1 AND u.banned_at IS NULL
        AND EXISTS (SELECT 1 FROM ads a WHERE a.owner_id = u.id AND a.deleted_at IS NULL)
      ORDER BY u.id LIMIT $2`,
    [SITE_ID, SESSIONS],
  );
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  // Only the hash is stored; last_seen_at is fresh, so no run writes it.
  await db.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     SELECT x.id, x.hash, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS x(id, hash)`,
    [rows.map((r) => r.id), tokens.map(sha256)],
  );
  return tokens;
}

/** Every answer of one target checked once before it is measured: the right page, the right list. */
async function preflight(base, target, expect) {
  const answer = await getRaw(base, target.path, target.host, target.headers);
  const text = answer.body.toString('utf8');
  if (answer.status !== 200 || !expect(text)) {
    throw new Error(`${target.label} at ${base}: ${answer.status} ${text.slice(0, 300)}`);
  }
}

/**
 * The database's own account of its work (pg_stat_database: time spent running
 * statements, transactions) and the connections open to it, servers and bench.
 */
async function databaseStats(db) {
  const { rows } = await db.query(
    `SELECT d.active_time::float8 AS active_ms, (d.xact_commit + d.xact_rollback)::float8 AS xacts,
            (SELECT count(*)::int FROM pg_stat_activity a WHERE a.datname = d.datname) AS connections
       FROM pg_stat_database d WHERE d.datname = current_database()`,
  );
  return rows[0];
}

/**
 * Waits until the database is quiet: after the seed the worker has work of its own
 * (the lifecycle job expires the seeded ads that are past their time and mails their
 * owners), which would be counted against the first runs.
 */
async function databaseQuiet(db, { maxMs = 240_000 } = {}) {
  const deadline = Date.now() + maxMs;
  let last = await databaseStats(db);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const now = await databaseStats(db);
    const busyMs = now.active_ms - last.active_ms;
    last = now;
    // Under 2 % of one core's time, with the stats of the last second reported.
    if (busyMs < 40) return;
    if (Date.now() > deadline) throw new Error('the database never went quiet after the seed');
  }
}

/** PostgreSQL reports a backend's statistics within a second of its last transaction. */
const STATS_DELAY_MS = 1_200;

async function measure(base, spec, db) {
  if (WARMUP > 0) await loadGet(base, { ...spec, duration: WARMUP });
  await new Promise((resolve) => setTimeout(resolve, STATS_DELAY_MS));
  const before = await databaseStats(db);
  const result = await loadGet(base, { ...spec, duration: DURATION });
  const during = await databaseStats(db);
  await new Promise((resolve) => setTimeout(resolve, STATS_DELAY_MS));
  const after = await databaseStats(db);
  assertAllOk(result);
  return {
    ...result,
    dbMsPerRequest: (after.active_ms - before.active_ms) / Math.max(1, result.answered),
    xactsPerRequest: (after.xacts - before.xacts) / Math.max(1, result.answered),
    connections: during.connections,
  };
}

function table(rows) {
  const head = [
    '| Page | Through | Clients | Requests/s | p50 (ms) | p99 (ms) | Max (ms) | Requests | Non-2xx | Errors | Database ms a request | Transactions a request | Database connections |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  return [
    ...head,
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.through} | ${r.clients} | ${fmt(r.rps, 1)} | ${r.p50} | ${r.p99} | ${r.max} | ${fmt(r.answered)} | ${r.non2xx} | ${r.errors + r.timeouts} | ${fmt(r.dbMsPerRequest, 3)} | ${fmt(r.xactsPerRequest, 2)} | ${r.connections} |`,
    ),
  ].join('\n');
}

async function main() {
  await buildIfNeeded();
  const { startCluster, startEmbeddedPostgres, startReverseProxy } = await loadHarness();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-servers-'));
  defer(() => fs.rm(dataDir, { recursive: true, force: true }));
  const postgres = await startEmbeddedPostgres(dataDir, () => undefined);
  defer(() => postgres.stop());

  console.log('starting two web servers, a worker, Redis, s3rver and nginx ...');
  const cluster = await startCluster({
    adminDatabaseUrl: postgres.url,
    webServers: 2,
    workers: 1,
    env: { RATE_LIMIT_SCALE: '1000000' },
  });
  defer(() => cluster.close());
  const [webA] = cluster.web;

  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  defer(() => db.end());
  console.log(`seeding ${fmt(PUBLIC_ADS)} public ads ...`);
  await seedPublicAds(db, {
    siteId: SITE_ID,
    prefix: `bench-servers-${randomBytes(3).toString('hex')}-`,
    owners: OWNERS,
    publicAds: PUBLIC_ADS,
    hiddenAds: HIDDEN_ADS,
  });
  await db.query('ANALYZE');
  const targets = await pickTargets(db);
  const tokens = await signInOwners(db);

  // A second nginx, the cluster's own configuration with web server A alone behind it.
  const single = await startReverseProxy({
    dir: path.join(dataDir, 'nginx-one'),
    port: await freePort(),
    upstreams: [webA.port],
  });
  defer(() => single.stop());

  if (!SMOKE) {
    console.log("waiting for the worker's own work after the seed ...");
    await databaseQuiet(db);
  }
  // What a site that has run a while has: rows whose visibility is settled (the first
  // read of a row written moments ago marks it, a write of its own, which the first
  // run measured paid for: ten times the database time of the next ones) ...
  await db.query('VACUUM (ANALYZE)');
  // ... and the tables (their TOASTed descriptions and indexes too) in PostgreSQL's
  // buffers, so the first way measured does not pay for a cold cache the others find warm.
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
  await db.query(
    `SELECT pg_prewarm(r.oid) FROM pg_class c
       JOIN pg_class r ON r.oid IN (c.oid, c.reltoastrelid)
         OR r.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid IN (c.oid, c.reltoastrelid))
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'`,
  );

  // Ads on a city page, as the busiest city's first page shows them.
  const firstCityPage = await getRaw(
    webA.base,
    '/',
    `${targets.city.city_slug}.localhost:${webA.port}`,
  );
  const perPage = new Set(
    [...firstCityPage.body.toString('utf8').matchAll(/\/ads\/details\/(\d+)/g)].map((m) => m[1]),
  ).size;
  if (perPage === 0) throw new Error('the city page lists no ad');

  const ways = [
    { through: 'web server A directly', base: webA.base, port: webA.port },
    { through: 'nginx → A', base: single.base, port: single.port },
    {
      through: 'nginx → A and B (round robin)',
      base: cluster.proxy.base,
      port: cluster.proxy.port,
    },
  ];
  const rows = [];
  // Each server's code warmed on what it will serve, unmeasured.
  for (const way of ways.slice(1)) {
    if (WARMUP === 0) break;
    const host = `${targets.city.city_slug}.localhost:${way.port}`;
    const some = targets.everyAd.slice(0, 2_000).map((a) => ({
      path: `/ads/details/${a.id}`,
      host: `${a.city}.localhost:${way.port}`,
    }));
    await loadGet(way.base, {
      targets: [{ path: '/', host }, ...some],
      connections: 20,
      duration: WARMUP,
    });
  }
  for (const way of ways) {
    const cityHost = `${targets.city.city_slug}.localhost:${way.port}`;
    const city = { label: 'City page `/`', path: '/', host: cityHost };
    const details = {
      label: 'Details page, one ad',
      path: `/ads/details/${targets.ad.id}`,
      host: cityHost,
    };
    const myPosts = tokens.map((token) => ({
      label: 'My Posts `GET /api/posts`',
      path: '/api/posts',
      host: `localhost:${way.port}`,
      headers: { session: token },
    }));
    await preflight(way.base, city, (html) => html.includes('/ads/details/'));
    await preflight(way.base, details, (html) => html.includes(targets.ad.title.split(' ')[0]));
    await preflight(way.base, myPosts[0], (json) => JSON.parse(json).length > 0);
    // What a crawler asks: every public ad's page, and every page of every city, each
    // once per round of all of them, so no server's cache holds them.
    // Each way starts its crawl at another third of the ads: none reads what the one
    // before it has just read.
    const offset = Math.floor((targets.everyAd.length * ways.indexOf(way)) / ways.length);
    const rotated = [...targets.everyAd.slice(offset), ...targets.everyAd.slice(0, offset)];
    const everyAd = rotated.map((a) => ({
      label: 'Details pages, every ad in turn',
      path: `/ads/details/${a.id}`,
      host: `${a.city}.localhost:${way.port}`,
    }));
    const everyCityPage = targets.cities
      .flatMap((c) =>
        Array.from({ length: Math.ceil(c.ads / perPage) }, (_, i) => ({
          label: 'City pages, every page in turn',
          path: i === 0 ? '/' : `/?page=${i + 1}`,
          host: `${c.city}.localhost:${way.port}`,
          order: createHash('md5').update(`${c.city}:${i}`).digest('hex'),
        })),
      )
      .sort((x, y) => (x.order < y.order ? -1 : 1));
    const lists = new Map([
      [myPosts[0], myPosts],
      [everyAd[0], everyAd],
      [everyCityPage[0], everyCityPage],
    ]);
    for (const [spec, connections] of [
      [city, PAGE_CONNECTIONS],
      [details, PAGE_CONNECTIONS],
      [everyAd[0], PAGE_CONNECTIONS],
      [everyCityPage[0], PAGE_CONNECTIONS],
      [myPosts[0], API_CONNECTIONS],
    ]) {
      const list = lists.get(spec) ?? [spec];
      const result = await measure(way.base, { label: spec.label, targets: list, connections }, db);
      rows.push({ ...result, clients: connections, through: way.through });
      console.log(
        `${spec.label} via ${way.through}: ${fmt(result.rps, 1)} req/s, p99 ${result.p99} ms`,
      );
    }
  }
  if (SMOKE) {
    console.log('smoke run: every way answered every page; no figures');
    return;
  }

  const info = machineInfo();
  const text = [
    START,
    '',
    '## Several servers behind a proxy (`bench/several-servers.mjs`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${info.cores} cores (${info.cpu}), Node ${process.version}, PostgreSQL 15 (embedded), Redis and s3rver of the cluster, nginx (Debian's nginx-light). autocannon, nginx, both web servers, the worker, PostgreSQL and Redis share these cores: on 2 cores the point is that the proxy and a second server answer correctly and what the proxy costs, not speed (a second server adds no core).`,
    '',
    `Data: ${fmt(PUBLIC_ADS)} public ads over ${fmt(OWNERS)} accounts (bench/lib/public-ads-seed.mjs), the city page of \`${targets.city.city_slug}\` (${fmt(targets.city.ads)} public ads) and the details page of ad ${targets.ad.id}; My Posts of ${SESSIONS} signed-in owners in turn.`,
    '',
    table(rows),
    '',
    "- Database ms a request: `pg_stat_database.active_time` (time the database spent running statements, all connections) over the run, divided by the requests answered; transactions likewise (a cached page costs none). Database connections: those open to the database at the end of the run, the bench's own and the worker's included (each web server's pool holds at most 10, pg-boss 4 more).",
    `- Before the runs the bench waits until the worker is done with the seeded ads that are past their time (the database under 2 % busy), vacuums the database (the first reads of fresh rows would otherwise write their visibility: the first way measured showed ten times the database time of the others), reads the tables and indexes into PostgreSQL's buffers (pg_prewarm), and each server serves a ${WARMUP} s unmeasured warm-up. Every run: ${DURATION} s after a ${WARMUP} s unmeasured warm-up of its own; pages with ${PAGE_CONNECTIONS} connections, My Posts with ${API_CONNECTIONS}. The page cache (5 s) is each server's own, so behind the round robin each page is rendered once per server per 5 s.`,
    "- nginx: the cluster's configuration (apps/server/test/cluster/nginx.ts: keep-alive connections to the web servers, `proxy_next_upstream`, an access log), one worker process.",
    '',
    `Run it again with \`${COMMAND}\`.`,
    '',
    END,
  ].join('\n');
  console.log(`\n${text}`);
  if (flag('write')) await writeSection(START, END, text);
}

await runBench(main);
