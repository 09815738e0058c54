// Load benchmark of the ads API: fills a fresh database with 100,000 ads over
// 5,000 accounts, then measures GET /api/posts (My Posts) and POST /api/posts
// (create an ad) with autocannon against the built server.
//
//   node bench/ads-load.mjs            print the figures
//   node bench/ads-load.mjs --write    also record them in docs/benchmarks.md
//
// Options: --duration=SECONDS (both measured runs, default 15), --rebuild (build
// the server even when dist/ looks fresh). BENCH_DATABASE_URL=postgres://...
// benchmarks on an external PostgreSQL instead of the embedded one (the bench
// rows are removed again at the end). See bench/README.md.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { adBody } from './lib/advertiser.mjs';
import { fmt, machine as machineInfo, writeSection } from './lib/report.mjs';
import { defer, onInterrupt, parseArgs, runBench, seconds, state } from './lib/run.mjs';
import {
  buildIfNeeded,
  embeddedDatabaseUrl,
  freePort,
  startServer,
  stopServer,
  waitForReady,
} from './lib/server.mjs';

const START = '<!-- ads-load:start -->';
const END = '<!-- ads-load:end -->';

const { flag, option } = parseArgs(
  /^--(write|smoke|rebuild|duration=\d+)$/,
  'node bench/ads-load.mjs [--write | --smoke] [--duration=SECONDS] [--rebuild]',
);

/** A smoke run (`npm test`): 500 ads, one second a run, no warm-up; every check, no figures. */
const SMOKE = flag('smoke');

const USERS = SMOKE ? 50 : 5_000;
const ADS_PER_USER = SMOKE ? 10 : 20;
const ADS = USERS * ADS_PER_USER;
const SESSIONS = SMOKE ? 10 : 50;
const DURATION = Number(option('duration', SMOKE ? '1' : '15'));
const WARMUP = SMOKE ? 0 : 3;
const GET_CONNECTIONS = 20;
const POST_CONNECTIONS = 10;
/** Below this share of 2xx answers a run measures error handling, not the API. */
const MIN_OK_SHARE = 0.99;
const externalUrl = process.env.BENCH_DATABASE_URL?.trim() || null;
/** Marks this run's rows, so an external database can be cleaned afterwards. */
const runId = randomBytes(4).toString('hex');

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

// ---------------------------------------------------------------- seed

const WORDS = (
  'sweet charming elegant discreet friendly upscale relaxing genuine playful classy ' +
  'available tonight weekend downtown appointment hotel private apartment clean safe ' +
  'professional experienced respectful gentlemen only call text first please no ' +
  'blocked numbers new in town visiting for a few days only real photos guaranteed ' +
  'satisfaction massage companionship dinner date travel overnight rates vary by ' +
  'time location and request always punctual well reviewed by regulars mature ' +
  'laid back fun easy going smile warm conversation the best in the city with ' +
  'my place or yours short notice welcome early morning late night open minded'
).split(' ');
const NAMES = ['Amber', 'Bella', 'Chloe', 'Daisy', 'Elena', 'Fiona', 'Grace', 'Holly', 'Ivy'];
const ETHNICITIES = ['asian', 'african_american', 'caucasian', 'latino_hispanic', 'mixed', ''];
const BUSINESS = ['independent', 'agency', 'massage', ''];
const INCALLS = ['no', 'private', 'upscale', 'hotel', ''];
const OUTCALLS = ['no', 'any', 'hotel', ''];
/** Spread of the seeded ads over the statuses, in per cent. */
const STATUS_MIX = [
  ['active', 45],
  ['expired', 20],
  ['pending', 10],
  ['incomplete', 10],
  ['rejected', 5],
  ['payment_pending', 5],
  ['deleted', 5],
];

/** A `CASE` picking a status from the random number `r` by STATUS_MIX. */
function statusCase(r) {
  let total = 0;
  const arms = STATUS_MIX.map(([status, share]) => {
    total += share / 100;
    return `WHEN ${r} < ${total.toFixed(2)} THEN '${status}'`;
  });
  return `CASE ${arms.join(' ')} ELSE 'active' END`;
}

/** `text[]` literal for a parameter, '' standing for SQL NULL. */
const nullableChoices = (values) => values.map((v) => (v === '' ? null : v));

async function seed(db) {
  const prefix = `bench-${runId}-`;
  let t = performance.now();
  await db.query(
    `INSERT INTO users (email, email_normalized, password_hash, role, site_id,
                        email_verified_at, created_at, updated_at)
     SELECT e, e, $2, 'advertiser', 'network', c + interval '10 minutes', c, c
       FROM (SELECT $1::text || n || '@bench.example.com' AS e,
                    now() - interval '400 days' + random() * interval '30 days' AS c
               FROM generate_series(0, $3::int - 1) AS n) AS s`,
    // Never used to log in: a well-formed argon2id string that matches no password.
    [
      prefix,
      '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzZWVkc2FsdA$YmVuY2hwbGFjZWhvbGRlcmhhc2hub3RyZWFs',
      USERS,
    ],
  );
  await db.query(
    `CREATE TEMP TABLE bench_users AS
       SELECT id, email, substring(email_normalized FROM '-(\\d+)@')::int AS n
         FROM users WHERE email_normalized LIKE $1::text || '%'`,
    [prefix],
  );
  await db.query('CREATE UNIQUE INDEX ON bench_users (n)');
  // An authenticator app each: the seeded accounts own paid ads, and every brand holds
  // such an account at the second-factor door until it has one (issue 27). The secret is
  // never opened (nobody signs in here), so a placeholder stands for the sealed one.
  await db.query(
    `INSERT INTO second_factors (user_id, kind, name, secret_sealed, confirmed_at)
     SELECT id, 'totp', 'Bench phone', 'bench-placeholder-never-opened', now() FROM bench_users`,
  );
  console.log(`  ${USERS} users (each with an authenticator app) in ${seconds(t)}`);

  // 1,000 distinct texts of realistic length (titles of 4-12 words, descriptions of
  // two paragraphs, 60-300 words), shared out over the ads.
  t = performance.now();
  await db.query(
    `CREATE TEMP TABLE bench_texts AS
       SELECT i,
              left(initcap((SELECT string_agg(w[1 + floor(random() * cardinality(w))::int], ' ' ORDER BY k)
                              FROM generate_series(1, 4 + i % 9) AS k)), 80) AS title,
              (SELECT string_agg(w[1 + floor(random() * cardinality(w))::int], ' ' ORDER BY k)
                 FROM generate_series(1, 30 + (i * 37) % 120) AS k) AS p1,
              (SELECT string_agg(w[1 + floor(random() * cardinality(w))::int], ' ' ORDER BY k)
                 FROM generate_series(1, 30 + (i * 53) % 120) AS k) AS p2
         FROM generate_series(0, 999) AS i, (SELECT $1::text[] AS w) AS words`,
    [WORDS],
  );
  await db.query('CREATE UNIQUE INDEX ON bench_texts (i)');
  await db.query(
    `CREATE TEMP TABLE bench_cities AS
       SELECT (row_number() OVER (ORDER BY id) - 1)::int AS i, country_code, slug FROM cities`,
  );
  const { rows } = await db.query('SELECT count(*)::int AS n FROM bench_cities');
  const cityCount = rows[0].n;
  if (cityCount === 0) throw new Error('the cities table is empty: was the server seeded?');

  await db.query(
    `INSERT INTO ads (site_id, owner_id, email, email_normalized, type, status, country_code,
                      city_slug, title, description_html, description_text, name, age, phone,
                      phone_e164, ethnicity, business, incalls, outcalls, backlink, backlink_key,
                      paid, approved, expires_at, posted_at, submitted_at, email_verified_at,
                      phone_verified_at, created_at, updated_at, deleted_at)
     -- The site the bench asks on (127.0.0.1 is the local site): My Posts lists that site's ads.
     SELECT 'local', u.id, u.email, u.email, ty.type, st.status, c.country_code, c.slug,
            t.title, '<p>' || initcap(t.p1) || '.</p><p>' || t.p2 || '.</p>',
            initcap(t.p1) || '. ' || t.p2 || '.',
            ($2::text[])[1 + s.g % cardinality($2::text[])], 19 + (s.g * 13) % 27,
            ph.area || '-' || (208 + s.g % 300) || '-' || lpad((s.g % 10000)::text, 4, '0'),
            '+1' || ph.area || (208 + s.g % 300) || lpad((s.g % 10000)::text, 4, '0'),
            ($3::text[])[1 + s.g % cardinality($3::text[])],
            ($4::text[])[1 + s.g % cardinality($4::text[])],
            ($5::text[])[1 + (s.g / 7) % cardinality($5::text[])],
            ($6::text[])[1 + (s.g / 3) % cardinality($6::text[])],
            CASE WHEN ty.type = 'free' THEN 'https://www.site-' || s.g || '.example.com/' END,
            CASE WHEN ty.type = 'free' THEN $1::text || s.g || '.example.com' END,
            ty.type IN ('paid', 'premium') AND st.status <> 'payment_pending',
            st.status IN ('active', 'expired'),
            CASE st.status
              WHEN 'active' THEN now() + (1 + s.g % 30) * interval '1 day'
              WHEN 'expired' THEN least(s.created + interval '31 days', now() - interval '1 hour')
            END,
            CASE WHEN st.status IN ('active', 'expired') THEN s.created + interval '1 day' END,
            CASE WHEN st.status NOT IN ('incomplete', 'payment_pending')
                 THEN s.created + interval '1 hour' END,
            s.created,
            CASE WHEN st.status IN ('active', 'expired') AND s.g % 2 = 0
                 THEN s.created + interval '20 minutes' END,
            s.created, s.created + interval '2 days',
            CASE WHEN st.status = 'deleted' THEN s.created + interval '3 days' END
       FROM (SELECT g, random() AS rs, random() AS rt, random() AS rc,
                    now() - random() * interval '365 days' AS created
               FROM generate_series(0, $7::int - 1) AS g) AS s
       JOIN bench_users u ON u.n = s.g % $8::int
       JOIN bench_texts t ON t.i = (s.g * 7919) % 1000
       JOIN bench_cities c ON c.i = least(floor(s.rc * $9::int)::int, $9::int - 1)
       CROSS JOIN LATERAL (SELECT ${statusCase('s.rs')} AS status) AS st
       CROSS JOIN LATERAL (
         SELECT CASE WHEN st.status = 'payment_pending' OR s.rt >= 0.8 AND s.rt < 0.95 THEN 'paid'
                     WHEN s.rt < 0.4 THEN 'free'
                     WHEN s.rt < 0.8 THEN 'free_verified'
                     ELSE 'premium' END AS type) AS ty
       CROSS JOIN LATERAL (
         SELECT CASE WHEN c.country_code = 'CA' THEN '604' ELSE '702' END AS area) AS ph`,
    [
      `bench-${runId}-`,
      NAMES,
      nullableChoices(ETHNICITIES),
      nullableChoices(BUSINESS),
      nullableChoices(INCALLS),
      nullableChoices(OUTCALLS),
      ADS,
      USERS,
      cityCount,
    ],
  );
  console.log(`  ${ADS} ads in ${seconds(t)}`);

  // Settle the fresh rows (visibility map, statistics) before measuring, so no
  // autovacuum of the seed runs in the middle of a measured run.
  t = performance.now();
  await db.query('VACUUM (ANALYZE) users, ads');
  await db.query('ANALYZE sessions, cities, countries');
  console.log(`  VACUUM ANALYZE in ${seconds(t)}`);
  const shape = await db.query(
    `SELECT count(*)::int AS ads, count(DISTINCT owner_id)::int AS owners,
            count(DISTINCT city_slug)::int AS cities,
            round(avg(length(title)))::int AS title, round(avg(length(description_html)))::int AS html,
            min(created_at)::date::text AS oldest, max(created_at)::date::text AS newest,
            (SELECT string_agg(status || ' ' || n, ', ' ORDER BY n DESC)
               FROM (SELECT status, count(*) AS n FROM ads GROUP BY status) AS x) AS statuses
       FROM ads`,
  );
  const d = shape.rows[0];
  console.log(
    `  ${d.ads} ads, ${d.owners} owners, ${d.cities} cities, created ${d.oldest}..${d.newest}; ` +
      `average title ${d.title} chars, description ${d.html} chars of HTML; ${d.statuses}`,
  );

  // Sessions for 50 users spread over the accounts; only the hash is stored,
  // last_seen_at is fresh so the server never writes it during the runs.
  const step = USERS / SESSIONS;
  const sessions = Array.from({ length: SESSIONS }, (_, i) => ({
    n: i * step,
    token: randomBytes(32).toString('base64url'),
  }));
  await db.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     SELECT u.id, x.hash, now() + interval '30 days'
       FROM unnest($1::int[], $2::text[]) AS x(n, hash) JOIN bench_users u ON u.n = x.n`,
    [sessions.map((s) => s.n), sessions.map((s) => sha256(s.token))],
  );
  const sample = await db.query(
    `SELECT u.id, count(a.id)::int AS visible
       FROM bench_users u LEFT JOIN ads a ON a.owner_id = u.id AND a.status <> 'deleted'
      WHERE u.n = $1 GROUP BY u.id`,
    [sessions[0].n],
  );
  return { sessions, firstUser: sample.rows[0] };
}

/** Removes this run's rows from an external database (the embedded one is thrown away). */
async function removeBenchRows(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const like = `bench-${runId}-%`;
    await db.query('BEGIN');
    await db.query(
      `DELETE FROM ads WHERE owner_id IN (SELECT id FROM users WHERE email_normalized LIKE $1)`,
      [like],
    );
    await db.query('DELETE FROM outbox_messages WHERE recipient LIKE $1', [like]);
    await db.query('DELETE FROM users WHERE email_normalized LIKE $1', [like]);
    await db.query('COMMIT');
    console.log('bench rows removed from the external database');
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------- load

/** One call made by hand first: a route that is missing or broken fails here, clearly. */
async function preflight(base, sessions, firstUser) {
  const get = await fetch(`${base}/api/posts`, { headers: { session: sessions[0].token } });
  const list = await get.text();
  if (get.status !== 200) {
    throw new Error(`preflight GET /api/posts answered ${get.status}: ${list.slice(0, 500)}`);
  }
  const rows = JSON.parse(list);
  if (!Array.isArray(rows) || rows.length !== firstUser.visible) {
    throw new Error(
      `preflight GET /api/posts listed ${rows.length} ads, the database has ${firstUser.visible}`,
    );
  }
  const post = await fetch(`${base}/api/posts`, {
    method: 'POST',
    headers: { session: sessions[0].token, 'content-type': 'application/json' },
    body: adBody(0),
  });
  const created = await post.text();
  if (post.status !== 200) {
    throw new Error(`preflight POST /api/posts answered ${post.status}: ${created.slice(0, 500)}`);
  }
  return { listed: rows.length, listBytes: Buffer.byteLength(list) };
}

let current = null;
onInterrupt(() => current?.stop());

/**
 * One autocannon run. Every request takes the next of the 50 sessions in turn
 * (round robin over all connections), so the server sees 50 different users.
 */
async function load(base, { method, connections, duration, sessions, body }) {
  let turn = 0;
  let firstFailure = null;
  const instance = autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method,
        path: '/api/posts',
        setupRequest(request) {
          turn += 1;
          const headers = { ...request.headers, session: sessions[turn % sessions.length].token };
          if (!body) return { ...request, headers };
          headers['content-type'] = 'application/json';
          return { ...request, headers, body: body(turn) };
        },
        onResponse(status, responseBody) {
          if ((status < 200 || status >= 300) && !firstFailure) {
            firstFailure = `${status} ${String(responseBody).slice(0, 300)}`;
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
  return {
    label: `${method} /api/posts`,
    connections,
    duration,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    answered,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
    ),
    firstFailure,
  };
}

function check(result) {
  const tried = result.answered + result.errors;
  const share = tried === 0 ? 0 : result.ok / tried;
  if (share < MIN_OK_SHARE) {
    console.error(
      `${result.label}: only ${result.ok} of ${tried} requests answered 2xx ` +
        `(status codes ${JSON.stringify(result.statusCodes)}, ${result.errors} errors, ` +
        `${result.timeouts} timeouts)`,
    );
    if (result.firstFailure) console.error(`first failure: ${result.firstFailure}`);
    throw new Error(
      `${result.label}: ${fmt(share * 100, 1)} % 2xx is below ${MIN_OK_SHARE * 100} %, ` +
        'the figures would be meaningless',
    );
  }
}

// ---------------------------------------------------------------- report

async function explainList(db, userId) {
  const { rows } = await db.query(
    `EXPLAIN (ANALYZE, BUFFERS)
     SELECT ads.*, cities.name, cities.region, cities.tier, countries.name
       FROM ads
       JOIN cities ON cities.country_code = ads.country_code AND cities.slug = ads.city_slug
       JOIN countries ON countries.code = ads.country_code
      WHERE ads.owner_id = $1 AND ads.status <> 'deleted'
      ORDER BY ads.created_at DESC, ads.id DESC`,
    [userId],
  );
  return rows.map((r) => r['QUERY PLAN']);
}

function table(results) {
  const lines = [
    '| Call | Connections | Duration | Requests/s (avg) | p50 (ms) | p99 (ms) | Requests | Non-2xx | Errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results) {
    lines.push(
      `| \`${r.label}\` | ${r.connections} | ${r.duration} s | ${fmt(r.rps, 1)} | ${r.p50} | ` +
        `${r.p99} | ${fmt(r.answered)} | ${fmt(r.non2xx)} | ${fmt(r.errors + r.timeouts)} |`,
    );
  }
  return lines.join('\n');
}

function section({ results, machine, listed, listBytes, planLine }) {
  return [
    START,
    '',
    '## Ads API load (`bench/ads-load.mjs`)',
    '',
    `Measured ${machine.date} on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ` +
      `PostgreSQL ${machine.postgres} (${machine.database}). The load generator, the server ` +
      'and PostgreSQL share these cores; the 1-minute load average before the runs was ' +
      `${machine.load.toFixed(2)}${machine.load > 0.5 ? ' (other work was running)' : ''}.`,
    '',
    `Data: ${fmt(ADS)} ads over ${fmt(USERS)} verified accounts (${ADS_PER_USER} each, statuses ` +
      'mixed, 5 % deleted, created over the last year, random cities). ' +
      `The first sampled account's My Posts lists ${listed} ads (about ${fmt(listBytes / 1024, 1)} KiB of JSON).`,
    '',
    table(results),
    '',
    `- \`GET /api/posts\`: ${GET_CONNECTIONS} connections; each request takes the next of ` +
      `${SESSIONS} signed-in accounts' session tokens in turn.`,
    `- \`POST /api/posts\`: ${POST_CONNECTIONS} connections; a valid \`free_verified\` ad in ` +
      'Las Vegas with a numbered title, for the same 50 accounts in turn. Each creates the ad ' +
      'and queues its activation mail (outbox row and job) in one transaction.',
    `- Each run follows a ${WARMUP} s unmeasured warm-up. Rate limits are lifted with ` +
      '`RATE_LIMIT_SCALE=1000000`; `NODE_ENV=test`, `LOG_LEVEL=warn`.',
    `- The list query in PostgreSQL: ${planLine}.`,
    '',
    'Run it again with `npm run bench:ads -w @adboard/bench -- --write`.',
    '',
    END,
  ].join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  if (!Number.isInteger(DURATION) || DURATION < 1) throw new Error('--duration must be >= 1');
  await buildIfNeeded({ rebuild: flag('rebuild') });

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-'));
  defer(() => fs.rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`starting the server on ${base} (DATA_DIR ${dataDir}) ...`);
  const server = startServer(dataDir, port, { databaseUrl: externalUrl });
  defer(() => stopServer(server));
  await waitForReady(base, server);

  const databaseUrl = externalUrl ?? (await embeddedDatabaseUrl(dataDir));
  if (externalUrl) defer(() => removeBenchRows(databaseUrl));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  defer(() => db.end());

  console.log('seeding ...');
  const { sessions, firstUser } = await seed(db);
  const { listed, listBytes } = await preflight(base, sessions, firstUser);

  // Other work on the machine skews every figure: say how busy it was.
  const before = machineInfo();
  const results = [];
  let plan = [];
  const runs = [
    { method: 'GET', connections: GET_CONNECTIONS },
    { method: 'POST', connections: POST_CONNECTIONS, body: adBody },
  ];
  for (const spec of runs) {
    console.log(`\n${spec.method} /api/posts: ${WARMUP} s warm-up, then ${DURATION} s ...`);
    if (WARMUP > 0) check(await load(base, { ...spec, duration: WARMUP, sessions }));
    const result = await load(base, { ...spec, duration: DURATION, sessions });
    check(result);
    results.push(result);
    // The plan as the GET run saw it: the POST run adds ads to the same accounts.
    if (spec.method === 'GET') plan = await explainList(db, firstUser.id);
  }

  if (SMOKE) {
    console.log('smoke: both endpoints answered 2xx under load; no figures reported');
    return;
  }
  const versions = await db.query('SHOW server_version');
  const execution = plan.find((l) => l.startsWith('Execution Time'))?.replace(/^.*: /, '');
  const topScan = plan
    .find((l) => /Scan/.test(l))
    ?.trim()
    .replace(/^->\s*/, '');
  const planLine = `${execution} per call (${topScan?.replace(/\s*\(cost.*$/, '')})`;

  const machine = {
    ...before,
    postgres: versions.rows[0].server_version.split(' ')[0],
    database: externalUrl ? 'external' : 'embedded',
  };
  const doc = section({ results, machine, listed, listBytes, planLine });

  console.log('\nEXPLAIN ANALYZE of the My Posts query (one account):');
  for (const line of plan) console.log(`  ${line}`);
  if (server.output.count > 0) {
    console.log(`\nthe server logged ${server.output.count} line(s) at warn or above; the last:`);
    for (const line of server.output.lines.slice(-5)) console.log(`  ${line.slice(0, 300)}`);
  }
  console.log(`\n${table(results)}\n`);
  if (flag('write')) await writeSection(START, END, doc);
  else console.log('(run with --write to record these in docs/benchmarks.md)');
}

await runBench(main);
