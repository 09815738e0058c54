// Benchmark of the Bitcoin payment watcher: 10,000 open orders, all in their
// first 20 minutes, watched by the built server against a fake Esplora run in
// this process. Records the upstream (Esplora) requests per second and per
// minute, how often each order is checked, the time from a payment's
// confirmation to `complete`, and GET /payment/status reads per second.
//
//   node bench/payments-watch.mjs            print the figures
//   node bench/payments-watch.mjs --write    also record them in docs/benchmarks.md
//
// Options: --duration=SECONDS (the watched window, default 90), --reads=SECONDS
// (each measured status-read run, default 15), --rebuild (build the server even
// when dist/ looks fresh). See bench/README.md.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import { fmt, machine as machineInfo, writeSection } from './lib/report.mjs';
import { defer, onInterrupt, parseArgs, runBench, seconds, sleep, state } from './lib/run.mjs';
import { importSource } from './lib/source.mjs';
import {
  buildIfNeeded,
  embeddedDatabaseUrl,
  freePort,
  root,
  startServer,
  stopServer,
  waitForReady,
} from './lib/server.mjs';

const START = '<!-- payments-watch:start -->';
const END = '<!-- payments-watch:end -->';

const { flag, option } = parseArgs(
  /^--(write|smoke|rebuild|duration=\d+|reads=\d+)$/,
  'node bench/payments-watch.mjs [--write | --smoke] [--duration=SECONDS] [--reads=SECONDS] [--rebuild]',
);

/**
 * A smoke run (`npm test`): 200 orders watched for 9 s, two paid and mined (then
 * made due at once, as 'Check now' does), a second of status reads each way;
 * every check, no figures.
 */
const SMOKE = flag('smoke');
const ORDERS = SMOKE ? 200 : 10_000;
/** Accounts owning the ads; each has a session, so status reads rotate over 50 owners. */
const USERS = SMOKE ? 5 : 50;
const READ_PAIRS = SMOKE ? 5 : 50;
const PAID = SMOKE ? 2 : 20;
const DURATION = Number(option('duration', SMOKE ? '9' : '90'));
const READ_DURATION = Number(option('reads', SMOKE ? '1' : '15'));
const WARMUP = SMOKE ? 0 : 3;
const READ_CONNECTIONS = 20;
/** How often every order's last_checked_at is read, and the upstream counter. */
const SAMPLE_MS = 2_000;
const COUNT_MS = 1_000;
const POLL_MS = 200;
/** After the mine call, how long the paid orders may take to read `complete`. */
const CONFIRM_TIMEOUT_MS = 120_000;
/** Into the window: the 20 payments are broadcast, then mined; the steady state starts. */
const PAY_AT_S = Math.min(20, DURATION / 4);
const MINE_AT_S = Math.min(30, DURATION / 3);
const STEADY_FROM_S = Math.min(30, DURATION / 3);
/** The targets. */
const TARGET_GAP_S = 30;
const TARGET_UPSTREAM_RPS = 400;
const TARGET_READS_RPS = 2_000;
/** Below this share of 2xx answers a run measures error handling, not the API. */
const MIN_OK_SHARE = 0.99;
const runId = randomBytes(4).toString('hex');
const fakeSource = path.join(root, 'apps/server/src/adapters/chain/fake-esplora-server.ts');

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Nearest-rank percentile of an ascending array. */
function pct(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ascending = (values) => Float64Array.from(values).sort();
function shuffled(values) {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
const s1 = (ms) => (Number.isFinite(ms) ? fmt(ms / 1000, 1) : '–');

// ---------------------------------------------------------------- fake Esplora

/**
 * The fake Esplora is TypeScript: bundled with esbuild (dependencies included)
 * into a temporary ESM file and imported, so it runs in this process and its
 * request counter can be read at any moment.
 */
async function loadFakeEsplora() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-esplora-'));
  defer(() => fs.rm(dir, { recursive: true, force: true }));
  const outfile = path.join(dir, 'fake-esplora-server.mjs');
  await build({
    entryPoints: [fakeSource],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    logLevel: 'warning',
  });
  const { startFakeEsplora } = await import(pathToFileURL(outfile).href);
  return startFakeEsplora;
}

async function control(fake, route, body) {
  const response = await fetch(`${fake.url}/__control/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (response.status !== 200) {
    throw new Error(`fake Esplora ${route} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer;
}

// ---------------------------------------------------------------- seed

/** Settings of the developer's shell that would change what the server watches. */
const CHAIN_ENV = ['BTC_XPUB', 'BTC_NETWORK', 'BTC_CONFIRMATIONS', 'ESPLORA_URL'];

/**
 * The site the bench's requests reach (their Host is 127.0.0.1): its ads are the
 * ones the status reads find. Read from the registry, not copied (an ad of another
 * site answers 404 there since each host shows only its own site's ads).
 */
async function siteOfBenchHost() {
  const { siteRegistry } = await importSource('apps/server/src/modules/sites/site-registry.ts');
  const site = siteRegistry.find((s) => s.hosts.includes('127.0.0.1'));
  if (!site) throw new Error('no site of the registry serves the host 127.0.0.1');
  return site.id;
}

async function seed(db) {
  const prefix = `bench-pay-${runId}-`;
  const siteId = await siteOfBenchHost();
  let t = performance.now();
  await db.query(
    `INSERT INTO users (email, email_normalized, password_hash, role, site_id,
                        email_verified_at, created_at, updated_at)
     SELECT e, e, $2, 'advertiser', $4::text, now(), now(), now()
       FROM (SELECT $1::text || n || '@bench.example.com' AS e
               FROM generate_series(0, $3::int - 1) AS n) AS s`,
    // Never used to log in: a well-formed argon2id string that matches no password.
    [
      prefix,
      '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzZWVkc2FsdA$YmVuY2hwbGFjZWhvbGRlcmhhc2hub3RyZWFs',
      USERS,
      siteId,
    ],
  );
  await db.query(
    `CREATE TEMP TABLE bench_users AS
       SELECT id, email, substring(email_normalized FROM '-(\\d+)@')::int AS n
         FROM users WHERE email_normalized LIKE $1::text || '%'`,
    [prefix],
  );
  await db.query(
    `CREATE TEMP TABLE bench_cities AS
       SELECT (row_number() OVER (ORDER BY id) - 1)::int AS i, country_code, slug FROM cities`,
  );
  const cities = (await db.query('SELECT count(*)::int AS n FROM bench_cities')).rows[0].n;
  if (cities === 0) throw new Error('the cities table is empty: was the server seeded?');

  // One VIP ad per order, waiting for its payment, owned round robin by the 50 accounts.
  const title = `Bench VIP ad ${runId} #`;
  await db.query(
    `INSERT INTO ads (site_id, owner_id, email, email_normalized, type, status, country_code,
                      city_slug, title, description_html, description_text, name, age, phone,
                      phone_e164, email_verified_at, created_at, updated_at)
     SELECT $5::text, u.id, u.email, u.email, 'paid', 'payment_pending', c.country_code, c.slug,
            $1::text || g, '<p>Sweet, classy and discreet. Call or text first.</p>',
            'Sweet, classy and discreet. Call or text first.', 'Bella', 19 + g % 27,
            '702-' || (208 + g % 300) || '-' || lpad((g % 10000)::text, 4, '0'),
            '+1702' || (208 + g % 300) || lpad((g % 10000)::text, 4, '0'),
            now(), now(), now()
       FROM generate_series(0, $2::int - 1) AS g
       JOIN bench_users u ON u.n = g % $3::int
       JOIN bench_cities c ON c.i = g % $4::int`,
    [title, ORDERS, USERS, cities, siteId],
  );
  await db.query(
    `CREATE TEMP TABLE bench_ads AS
       SELECT id, owner_id, substring(title FROM '#(\\d+)$')::int AS g
         FROM ads WHERE title LIKE $1::text || '%'`,
    [title],
  );
  console.log(`  ${USERS} users and ${ORDERS} ads in ${seconds(t)}`);

  // The orders as issuePaymentAddress() leaves them: VIP 30 days at $12, the rate
  // locked now, an address of their own, open for 20 minutes, the first check
  // spread over the next 15 s (as orders issued one after the other would be).
  t = performance.now();
  const { rows: created } = await db.query(
    `WITH inserted AS (
       INSERT INTO payment_orders (ad_id, site_id, product, option_id, days, currency,
                                   amount_fiat, rate, rate_source, rate_at, amount_sats, network,
                                   address_index, address, status, expires_at, next_check_at,
                                   created_at, updated_at)
       SELECT a.id, $2::text, 'paid', 'DAYS_30', 30, 'USD', 12.00, r.rate, 'bench', now(),
              ceil(1200000000 / r.rate)::bigint, 'testnet', nextval('btc_address_index_seq'),
              'tb1qbench' || $1::text || lpad(a.g::text, 5, '0'), 'assigned',
              now() + interval '20 minutes', now() + random() * interval '15 seconds', now(), now()
         FROM bench_ads a CROSS JOIN LATERAL (SELECT 58000 + (a.g * 7) % 4000 AS rate) AS r
        ORDER BY a.g
       RETURNING id, created_at)
     SELECT count(*)::int AS n, (extract(epoch FROM min(created_at)) * 1000)::float8 AS at
       FROM inserted`,
    [runId, siteId],
  );
  await db.query(
    `INSERT INTO payment_order_history (order_id, from_status, to_status, received_sats,
                                        confirmed_sats)
     SELECT id, NULL, 'assigned', 0, 0 FROM payment_orders`,
  );
  const createdAt = created[0].at;
  console.log(`  ${created[0].n} open orders in ${seconds(t)}`);

  // Sessions for the 50 owners; only the hash is stored, last_seen_at is fresh so
  // the server never writes it during the runs.
  const sessions = Array.from({ length: USERS }, (_, n) => ({
    n,
    token: randomBytes(32).toString('base64url'),
  }));
  await db.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     SELECT u.id, x.hash, now() + interval '30 days'
       FROM unnest($1::int[], $2::text[]) AS x(n, hash) JOIN bench_users u ON u.n = x.n`,
    [sessions.map((s) => s.n), sessions.map((s) => sha256(s.token))],
  );

  const { rows: orders } = await db.query(
    `SELECT o.id, o.address, o.amount_sats::text AS sats, a.id::text AS ad, a.g
       FROM payment_orders o JOIN bench_ads a ON a.id = o.ad_id ORDER BY a.g`,
  );
  // Status reads: the orders of ads 0..49, each read with its owner's session.
  const pairs = orders.slice(0, READ_PAIRS).map((o) => ({
    path: `/payment/status/BTC/${o.ad}/${o.address}`,
    token: sessions[o.g % USERS].token,
  }));
  return { orders, pairs, createdAt };
}

// ---------------------------------------------------------------- watch window

/**
 * Every SAMPLE_MS, every order's last_checked_at (the time the check read the
 * chain); a changed value is one more check. Two checks of one order less than
 * SAMPLE_MS apart would count as one: the schedule never plans them that close.
 */
async function sampleChecks(db, checks, until) {
  let samples = 0;
  while (Date.now() < until && !state.interrupted) {
    const next = Date.now() + SAMPLE_MS;
    const { rows } = await db.query(
      `SELECT id, (extract(epoch FROM last_checked_at) * 1000)::float8 AS at
         FROM payment_orders WHERE last_checked_at IS NOT NULL`,
    );
    for (const { id, at } of rows) {
      const times = checks.get(id);
      if (times && times[times.length - 1] !== at) times.push(at);
    }
    samples += 1;
    await sleep(Math.max(0, Math.min(next, until) - Date.now()));
  }
  return samples;
}

/** The upstream request counter every second: { at, n }. */
function countUpstream(fake) {
  const series = [{ at: Date.now(), n: fake.requestCount() }];
  const timer = setInterval(
    () => series.push({ at: Date.now(), n: fake.requestCount() }),
    COUNT_MS,
  );
  return { series, stop: () => clearInterval(timer) };
}

/**
 * At PAY_AT_S the full amount is paid to PAID random orders (unconfirmed), at
 * MINE_AT_S a block takes them; then the database is polled every POLL_MS until
 * each reads `complete`. Latency: from the mine call's answer to the first poll
 * that sees `complete`.
 */
async function payAndConfirm(db, fake, paid, windowStart) {
  await sleep(Math.max(0, windowStart + PAY_AT_S * 1000 - Date.now()));
  for (const order of paid) {
    await control(fake, 'pay', { address: order.address, sats: order.sats });
  }
  await sleep(Math.max(0, windowStart + MINE_AT_S * 1000 - Date.now()));
  if (state.interrupted) throw new Error('interrupted');
  const { tipHeight } = await control(fake, 'mine', { blocks: 1 });
  const minedAt = Date.now();
  if (SMOKE) {
    // No time to wait for the schedule: due now, as the payer's 'Check now' makes them.
    await db.query('UPDATE payment_orders SET next_check_at = now() WHERE id = ANY($1::uuid[])', [
      paid.map((o) => o.id),
    ]);
  }
  const done = new Map();
  const ids = paid.map((o) => o.id);
  while (done.size < paid.length && Date.now() - minedAt < CONFIRM_TIMEOUT_MS) {
    if (state.interrupted) throw new Error('interrupted');
    const { rows } = await db.query(
      `SELECT id, status FROM payment_orders WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const now = Date.now();
    for (const row of rows) {
      if (row.status === 'complete' && !done.has(row.id)) done.set(row.id, now - minedAt);
    }
    await sleep(POLL_MS);
  }
  const { rows: ads } = await db.query(
    `SELECT count(*)::int AS n FROM ads a JOIN payment_orders o ON o.ad_id = a.id
      WHERE o.id = ANY($1::uuid[]) AND a.paid AND a.status = 'pending'`,
    [ids],
  );
  return { latencies: [...done.values()], paidAds: ads[0].n, tipHeight, minedAt };
}

function analyseChecks(checks, paidIds, createdAt, windowEnd) {
  const maxGaps = [];
  const intervals = [];
  const firsts = [];
  let never = 0;
  let events = 0;
  for (const [id, times] of checks) {
    events += times.length;
    if (paidIds.has(id)) continue;
    // From creation (an order must be looked at within 30 s of being issued) to
    // the first check, between checks, and from the last check to the window's end.
    let previous = createdAt;
    let max = 0;
    let seen = 0;
    for (const at of times) {
      if (at > windowEnd) break;
      const gap = at - previous;
      (seen === 0 ? firsts : intervals).push(gap);
      max = Math.max(max, gap);
      previous = at;
      seen += 1;
    }
    if (seen === 0) never += 1;
    maxGaps.push(Math.max(max, windowEnd - previous));
  }
  const sortedMax = ascending(maxGaps);
  const withinTarget = maxGaps.filter((g) => g <= TARGET_GAP_S * 1000).length;
  return {
    orders: maxGaps.length,
    events,
    never,
    withinTarget,
    share: withinTarget / maxGaps.length,
    maxGap: { p50: pct(sortedMax, 50), p99: pct(sortedMax, 99), max: pct(sortedMax, 100) },
    interval: summarise(intervals),
    first: summarise(firsts),
  };
}

function summarise(values) {
  const sorted = ascending(values);
  return {
    count: sorted.length,
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
    max: pct(sorted, 100),
  };
}

function analyseUpstream(series, windowStart, windowEnd, checkTimes) {
  const total = series[series.length - 1].n - series[0].n;
  const steadyFrom = windowStart + STEADY_FROM_S * 1000;
  const steady = series.filter((s) => s.at >= steadyFrom && s.at <= windowEnd);
  let peak = 0;
  let peakAll = 0;
  for (let i = 1; i < series.length; i += 1) {
    const rate = ((series[i].n - series[i - 1].n) * 1000) / (series[i].at - series[i - 1].at);
    peakAll = Math.max(peakAll, rate);
    if (series[i - 1].at >= steadyFrom && series[i].at <= windowEnd) peak = Math.max(peak, rate);
  }
  const first = steady[0];
  const last = steady[steady.length - 1];
  const steadySeconds = (last.at - first.at) / 1000;
  const steadyRequests = last.n - first.n;
  const steadyChecks = checkTimes.filter((at) => at >= first.at && at < last.at).length;
  return {
    total,
    seconds: (series[series.length - 1].at - series[0].at) / 1000,
    steadySeconds,
    rps: steadyRequests / steadySeconds,
    peak,
    peakAll,
    checksPerSecond: steadyChecks / steadySeconds,
    perCheck: steadyChecks > 0 ? steadyRequests / steadyChecks : Number.NaN,
  };
}

// ---------------------------------------------------------------- status reads

let current = null;
onInterrupt(() => current?.stop());

/** One autocannon run; each request takes the next (ad, address, session) in turn. */
async function reads(base, pairs, duration) {
  let turn = 0;
  let firstFailure = null;
  const instance = autocannon({
    url: base,
    connections: READ_CONNECTIONS,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest(request) {
          turn += 1;
          const pair = pairs[turn % pairs.length];
          return {
            ...request,
            path: pair.path,
            headers: { ...request.headers, session: pair.token },
          };
        },
        onResponse(status, body) {
          if ((status < 200 || status >= 300) && !firstFailure) {
            firstFailure = `${status} ${String(body).slice(0, 300)}`;
          }
        },
      },
    ],
  });
  current = instance;
  const result = await instance;
  current = null;
  if (state.interrupted) throw new Error('interrupted');
  const answered = Object.values(result.statusCodeStats).reduce((sum, s) => sum + s.count, 0);
  const tried = answered + result.errors;
  const ok = result['2xx'];
  if (tried === 0 || ok / tried < MIN_OK_SHARE) {
    const codes = Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
    );
    if (firstFailure) console.error(`first failure: ${firstFailure}`);
    throw new Error(
      `status reads: only ${ok} of ${tried} answered 2xx (status codes ${JSON.stringify(codes)}, ` +
        `${result.errors} errors): the figures would be meaningless`,
    );
  }
  return {
    duration,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    answered,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function preflight(base, pairs) {
  const response = await fetch(`${base}${pairs[0].path}`, {
    headers: { session: pairs[0].token },
  });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(`preflight GET ${pairs[0].path} answered ${response.status}: ${body}`);
  }
  const status = JSON.parse(body);
  if (status.status !== 'assigned' && status.status !== 'processing') {
    throw new Error(`preflight: unexpected status ${body}`);
  }
  return Buffer.byteLength(body);
}

/** Reads with the watcher busy, then with nothing due (the watcher idle). */
async function statusReads(base, db, fake, pairs) {
  const results = [];
  for (const mode of ['watching', 'idle']) {
    if (mode === 'idle') {
      // Nothing due for an hour: the watcher stops asking; wait for its last checks.
      await db.query(`UPDATE payment_orders SET next_check_at = now() + interval '1 hour'`);
      let before = fake.requestCount();
      for (let quiet = 0; quiet < 2 && !state.interrupted;) {
        await sleep(1_000);
        const now = fake.requestCount();
        quiet = now === before ? quiet + 1 : 0;
        before = now;
      }
    }
    console.log(
      `\nGET /payment/status (${mode}): ${WARMUP} s warm-up, then ${READ_DURATION} s ...`,
    );
    if (WARMUP > 0) await reads(base, pairs, WARMUP);
    const upstream = fake.requestCount();
    const result = await reads(base, pairs, READ_DURATION);
    result.mode = mode;
    result.upstreamRps = (fake.requestCount() - upstream) / READ_DURATION;
    results.push(result);
    console.log(
      `  ${fmt(result.rps, 1)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms ` +
        `(upstream meanwhile ${fmt(result.upstreamRps)} req/s)`,
    );
  }
  return results;
}

// ---------------------------------------------------------------- report

const verdict = (ok) => (ok ? 'met' : '**missed**');

function tables({ upstream, gaps, confirm, readResults }) {
  const watching = readResults.find((r) => r.mode === 'watching');
  const c = summarise(confirm.latencies);
  const lines = [
    '| Measure | Value |',
    '| --- | ---: |',
    `| Upstream requests/s (steady, last ${fmt(upstream.steadySeconds)} s: average / peak second) | ` +
      `${fmt(upstream.rps)} / ${fmt(upstream.peak)} |`,
    `| Upstream requests per minute (steady) | ${fmt(upstream.rps * 60)} |`,
    `| Upstream requests, whole window (${fmt(upstream.seconds)} s; peak second) | ` +
      `${fmt(upstream.total)} (${fmt(upstream.peakAll)}) |`,
    `| Order checks/s (steady) | ${fmt(upstream.checksPerSecond)} |`,
    `| Upstream requests per check | ${fmt(upstream.perCheck, 2)} |`,
    `| Orders whose every gap ≤ ${TARGET_GAP_S} s | ${fmt(gaps.withinTarget)} of ${fmt(gaps.orders)} ` +
      `(${fmt(gaps.share * 100, 1)} %) |`,
    `| Longest gap per order, p50 / p99 / max (s) | ${s1(gaps.maxGap.p50)} / ${s1(gaps.maxGap.p99)} / ` +
      `${s1(gaps.maxGap.max)} |`,
    `| Interval between two checks, p50 / p99 / max (s) | ${s1(gaps.interval.p50)} / ` +
      `${s1(gaps.interval.p99)} / ${s1(gaps.interval.max)} |`,
    `| Creation to first check, p50 / p99 / max (s) | ${s1(gaps.first.p50)} / ${s1(gaps.first.p99)} / ` +
      `${s1(gaps.first.max)} |`,
    `| Orders never checked in the window | ${fmt(gaps.never)} |`,
    `| Block mined → \`complete\` in the database, p50 / p99 / max (s) | ${s1(c.p50)} / ${s1(c.p99)} / ` +
      `${s1(c.max)} (${c.count} of ${PAID} within ${CONFIRM_TIMEOUT_MS / 1000} s) |`,
  ];
  const reads = [
    '| Status reads | Connections | Duration | Requests/s (avg) | p50 (ms) | p99 (ms) | Requests | Non-2xx | Errors | Upstream req/s meanwhile |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...readResults.map(
      (r) =>
        `| ${r.mode === 'watching' ? 'While the watcher runs' : 'Watcher idle (nothing due)'} | ` +
        `${READ_CONNECTIONS} | ${r.duration} s | ${fmt(r.rps, 1)} | ${r.p50} | ${r.p99} | ` +
        `${fmt(r.answered)} | ${fmt(r.non2xx)} | ${fmt(r.errors)} | ${fmt(r.upstreamRps)} |`,
    ),
  ];
  const targets = [
    '| Target | Measured | |',
    '| --- | ---: | --- |',
    `| Every open order checked at least every ${TARGET_GAP_S} s | ${fmt(gaps.share * 100, 1)} % of ` +
      `orders (longest gap ${s1(gaps.maxGap.max)} s) | ${verdict(gaps.withinTarget === gaps.orders)} |`,
    `| Under ${TARGET_UPSTREAM_RPS} upstream requests/s | ${fmt(upstream.rps)} average, ` +
      `${fmt(upstream.peak)} peak second | ${verdict(upstream.peak < TARGET_UPSTREAM_RPS)} |`,
    `| Status reads over ${fmt(TARGET_READS_RPS)} requests/s | ${fmt(watching.rps, 1)} while watching | ` +
      `${verdict(watching.rps > TARGET_READS_RPS)} |`,
  ];
  return { main: lines.join('\n'), reads: reads.join('\n'), targets: targets.join('\n') };
}

function section({ tabled, machine, gaps, confirm, samples, statusBytes, upstream, readResults }) {
  const watching = readResults.find((r) => r.mode === 'watching');
  const round =
    watching.upstreamRps > 0 ? `${fmt(ORDERS / watching.upstreamRps)} s` : 'no end in sight';
  return [
    START,
    '',
    '## Payment watcher (`bench/payments-watch.mjs`)',
    '',
    `Measured ${machine.date} on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ` +
      `PostgreSQL ${machine.postgres} (embedded). The server, PostgreSQL, the fake Esplora and ` +
      'the load generator share these cores; the 1-minute load average before the run was ' +
      `${machine.load.toFixed(2)}${machine.load > 0.5 ? ' (other work was running)' : ''}.`,
    '',
    `Data: ${fmt(ORDERS)} open VIP orders (\`assigned\`, each with its own address and ad, ` +
      `${USERS} owners), all created at the start of the run, so all in their first 20 minutes; ` +
      'first checks due 0–15 s after creation. The built server (`RUN_JOBS` on, so its watcher ' +
      'runs with its defaults) watches them through `ESPLORA_URL` pointing at the fake Esplora ' +
      `run in the bench process, which counts the requests. Watched for ${DURATION} s.`,
    '',
    tabled.main,
    '',
    tabled.reads,
    '',
    tabled.targets,
    '',
    `- Checks: every order's \`last_checked_at\` (when its check read the chain) read every ` +
      `${SAMPLE_MS / 1000} s (${samples} samples); a new value is a check. The gaps of an order ` +
      'run from its creation to its first check, between checks, and from its last check to the ' +
      `end of the window (so an order not checked lately counts too). The ${PAID} paid orders ` +
      `are left out (${fmt(gaps.orders)} orders). "Steady" is from ${STEADY_FROM_S} s into the ` +
      'window to its end, after the first round of checks.',
    `- Confirmation: at ${PAY_AT_S} s, ${PAID} random orders are paid in full through the fake's ` +
      `\`POST /__control/pay\` (unconfirmed); at ${MINE_AT_S} s \`POST /__control/mine\` puts ` +
      `them in a block (tip ${confirm.tipHeight}, 1 confirmation completes). Measured from the ` +
      `mine call's answer to the first poll (every ${POLL_MS} ms) that reads \`complete\`; ` +
      `${confirm.paidAds} of the ${PAID} ads were then paid and waiting for review.`,
    `- Status reads: \`GET /payment/status/BTC/{postId}/{address}\`, ${READ_CONNECTIONS} ` +
      `connections rotating over ${READ_PAIRS} (ad, address, owner's session) triples, after a ` +
      `${WARMUP} s warm-up; about ${statusBytes} bytes of JSON each. First while the watcher ` +
      'keeps checking the orders, then with every order made not due for an hour (the watcher ' +
      'idle), to show what the watcher takes from the reads on these cores. While the reads ' +
      `ran, the watcher made ${fmt(watching.upstreamRps)} upstream requests/s (a round of all ` +
      `orders in ${round}, against ${fmt(upstream.rps)}/s before): the two compete for the cores.`,
    '- Rate limits lifted with `RATE_LIMIT_SCALE=1000000`; `NODE_ENV=test`, `LOG_LEVEL=warn`.',
    '',
    'Run it again with `npm run bench:payments -w @adboard/bench -- --write`.',
    '',
    END,
  ].join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  if (!Number.isInteger(DURATION) || DURATION < (SMOKE ? 6 : 30)) {
    throw new Error('--duration must be >= 30');
  }
  if (!Number.isInteger(READ_DURATION) || READ_DURATION < 1)
    throw new Error('--reads must be >= 1');
  await buildIfNeeded({ rebuild: flag('rebuild') });

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-'));
  defer(() => fs.rm(dataDir, { recursive: true, force: true }));

  const startFakeEsplora = await loadFakeEsplora();
  const fake = await startFakeEsplora({ seed: `bench-${runId}` });
  defer(() => fake.close());
  console.log(`fake Esplora on ${fake.url}`);

  // The server reads these from its environment: it watches the fake, nothing else.
  for (const name of CHAIN_ENV) Reflect.deleteProperty(process.env, name);
  process.env.ESPLORA_URL = fake.url;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`starting the server on ${base} (DATA_DIR ${dataDir}) ...`);
  const server = startServer(dataDir, port);
  defer(() => stopServer(server));
  await waitForReady(base, server);

  const databaseUrl = await embeddedDatabaseUrl(dataDir);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  defer(() => db.end());

  const machine = machineInfo();
  const upstreamBefore = fake.requestCount();
  console.log('seeding ...');
  const { orders, pairs, createdAt } = await seed(db);
  const counter = countUpstream(fake);
  defer(() => counter.stop());
  const statusBytes = await preflight(base, pairs);

  const windowStart = createdAt;
  const windowEnd = windowStart + DURATION * 1000;
  const paid = shuffled(orders).slice(0, PAID);
  const paidIds = new Set(paid.map((o) => o.id));
  const checks = new Map(orders.map((o) => [o.id, []]));
  console.log(
    `watching for ${DURATION} s (${PAID} orders paid at ${PAY_AT_S} s, mined at ${MINE_AT_S} s) ...`,
  );
  await db.query('VACUUM (ANALYZE) users, sessions, ads, payment_orders, payment_order_history');

  const poller = new pg.Client({ connectionString: databaseUrl });
  await poller.connect();
  defer(() => poller.end());
  const confirming = payAndConfirm(poller, fake, paid, windowStart);
  confirming.catch(() => undefined);
  const progress = setInterval(() => {
    const s = counter.series;
    const last = s[s.length - 1];
    const prev = s[Math.max(0, s.length - 6)];
    const rps = last.at > prev.at ? ((last.n - prev.n) * 1000) / (last.at - prev.at) : 0;
    console.log(
      `  ${fmt((Date.now() - windowStart) / 1000)} s: upstream ${fmt(rps)} req/s, ` +
        `${fmt(last.n - upstreamBefore)} requests so far`,
    );
  }, 10_000);
  defer(() => clearInterval(progress));
  const samples = await sampleChecks(db, checks, windowEnd);
  clearInterval(progress);
  if (state.interrupted) throw new Error('interrupted');

  const checkTimes = [...checks.values()].flat();
  const gaps = analyseChecks(checks, paidIds, createdAt, windowEnd);
  const upstream = analyseUpstream(counter.series, windowStart, windowEnd, checkTimes);
  console.log(
    `waiting for the paid orders (up to ${CONFIRM_TIMEOUT_MS / 1000} s after mining) ...`,
  );
  const confirm = await confirming;

  if (SMOKE && confirm.latencies.length < PAID) {
    throw new Error(`${PAID - confirm.latencies.length} of ${PAID} paid orders never completed`);
  }
  const readResults = await statusReads(base, db, fake, pairs);
  counter.stop();
  if (SMOKE) {
    console.log('smoke: the watcher checked, the paid orders completed, reads answered 2xx');
    return;
  }

  const versions = await db.query('SHOW server_version');
  machine.postgres = versions.rows[0].server_version.split(' ')[0];
  const tabled = tables({ upstream, gaps, confirm, readResults });
  const doc = section({
    tabled,
    machine,
    gaps,
    confirm,
    samples,
    statusBytes,
    upstream,
    readResults,
  });

  if (server.output.count > 0) {
    console.log(`\nthe server logged ${server.output.count} line(s) at warn or above; the last:`);
    for (const line of server.output.lines.slice(-5)) console.log(`  ${line.slice(0, 300)}`);
  }
  console.log(`\n${tabled.main}\n\n${tabled.reads}\n\n${tabled.targets}\n`);
  if (flag('write')) await writeSection(START, END, doc);
  else console.log('(run with --write to record these in docs/benchmarks.md)');
}

await runBench(main);
