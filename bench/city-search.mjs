// Benchmark of the city page at a million ads (issue 28): one large city (about
// 90,000 public ads) among 1,000,000 ads, its page unfiltered, with four filters,
// searched for a rare and a common word, and 50 pages deep, under wrk with the
// server's page cache off (every request asks PostgreSQL), and the query plans.
//
//   node bench/city-search.mjs            print the figures
//   node bench/city-search.mjs --write    also record them in docs/benchmarks.md
//   node bench/city-search.mjs --smoke    tiny data, 1 s runs, every check, no figures
//
// Options: --duration=SECONDS (each measured run, default 15), --connections=N
// (default 20), --ads=N (ads seeded, default 1,000,000: fewer for a quick try; only
// the million is recorded), --rebuild (build the server even when dist/ looks fresh).
// See bench/README.md.
import os from 'node:os';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { explain, loadCityListing, trimPlan } from './lib/city-listing-plans.mjs';
import { getRaw } from './lib/fetch-raw.mjs';
import { seedPublicAds, PUBLIC_AD } from './lib/public-ads-seed.mjs';
import { fmt, machine as machineInfo, writeSection } from './lib/report.mjs';
import { defer, parseArgs, runBench, seconds, sleep } from './lib/run.mjs';
import {
  buildIfNeeded,
  embeddedDatabaseUrl,
  freePort,
  startServer,
  stopServer,
  waitForReady,
} from './lib/server.mjs';
import { assertWrkAllOk, assertWrkInstalled, removeWrkScript, wrkGet } from './lib/wrk.mjs';

const START = '<!-- city-search:start -->';
const END = '<!-- city-search:end -->';
const COMMAND = 'npm run bench:city -w @adboard/bench -- --write';

const { flag, option } = parseArgs(
  /^--(write|smoke|rebuild|duration=\d+|connections=\d+|ads=\d+|data=.+)$/,
  'node bench/city-search.mjs [--write | --smoke] [--duration=SECONDS] [--connections=N] [--ads=N] [--data=DIR] [--rebuild]',
);

const SMOKE = flag('smoke');
const TOTAL_ADS = Number(option('ads', SMOKE ? '3000' : '1000000'));
/** 70 % public; the rest pending, expired, lapsed, deleted, banned owner, anonymous. */
const PUBLIC_ADS = Math.round(TOTAL_ADS * 0.7);
const HIDDEN_ADS = TOTAL_ADS - PUBLIC_ADS;
const OWNERS = SMOKE ? 100 : Math.max(100, Math.min(40_000, Math.round(TOTAL_ADS / 25)));
/** The large city: Houston holds 90,000 of the 700,000 public ads (the smoke run: half). */
const BIG_CITY = 'houston';
const BIG_CITY_SHARE = SMOKE ? 0.5 : 90_000 / 700_000;
/** Absent from the seed's words; in 1 % of the descriptions (the smoke run: 5 %). */
const RARE_WORD = 'burlesque';
const RARE_SHARE = SMOKE ? 0.05 : 0.01;
/** Ads renewed (listed again) in the last 24 hours, on top of those posted then. */
const RECENT_SHARE = 0.02;
/** Ads marked 'Available now' (issue 29): first in their group, and a filter. */
const AVAILABLE_SHARE = 0.003;
const CONNECTIONS = Number(option('connections', '20'));
/** The server's connections to PostgreSQL: twice the cores they share. */
const POOL_MAX = String(Math.max(2, 2 * os.availableParallelism()));
const THREADS = 2;
const DURATION = Number(option('duration', SMOKE ? '1' : '15'));
const WARMUP = SMOKE ? 0 : 3;
/** The issue's targets. */
const TARGET_PAGE_P99_MS = 50;
const TARGET_SEARCH_P99_MS = 150;
const TARGET_FILTER_RATIO = 0.5;
/** The local development site serves `{city}.localhost:{port}`. */
const SITE_ID = 'local';
const hostOf = (city, port) => `${city}.localhost:${port}`;
const DEEP_PAGE = 50;
/** Values chosen so that the page has results: a few hundred ads in the large city. */
const FILTERS = '/?ethnicity=latino_hispanic&outcalls=any&business=independent&age_max=35';

// ---------------------------------------------------------------- data

/** Public ads, hidden ones, the city's, the freshness and the rare word's share. */
async function dataFacts(db, city) {
  const totals = (
    await db.query(
      `SELECT count(*)::int AS ads,
              count(*) FILTER (WHERE ${PUBLIC_AD})::int AS public,
              count(*) FILTER (WHERE ${PUBLIC_AD} AND a.city_slug = $1)::int AS city_public,
              count(*) FILTER (WHERE a.city_slug = $1)::int AS city_ads,
              count(*) FILTER (WHERE ${PUBLIC_AD} AND a.listed_at > now() - interval '24 hours')::int AS fresh,
              count(*) FILTER (WHERE ${PUBLIC_AD} AND a.premium_until > now())::int AS premium,
              count(*) FILTER (WHERE ${PUBLIC_AD} AND a.type = 'paid')::int AS vip,
              count(*) FILTER (WHERE ${PUBLIC_AD} AND a.city_slug = $1
                                 AND a.available_until > now())::int AS city_available,
              count(*) FILTER (WHERE a.search_vector @@ to_tsquery('english', $2))::int AS rare,
              count(DISTINCT (a.country_code, a.city_slug))::int AS cities,
              min(a.age)::int AS age_min, max(a.age)::int AS age_max
         FROM ads a`,
      [city, RARE_WORD],
    )
  ).rows[0];
  const photos = (await db.query('SELECT count(*)::int AS n FROM photos')).rows[0].n;
  return { ...totals, photos };
}

/**
 * The word (as a visitor types it) whose stem is in the most of the large city's
 * public ads, and that share.
 */
async function commonWord(db, city, cityPublic) {
  const stat = (
    await db.query(
      `SELECT word, ndoc FROM ts_stat($$SELECT search_vector FROM ads
          WHERE city_slug = '${city}' AND status = 'active' AND deleted_at IS NULL$$)
        ORDER BY ndoc DESC, word LIMIT 1`,
    )
  ).rows[0];
  // The stem back to a word of some ad's text (stems such as "relax" are not words).
  const token = (
    await db.query(
      `SELECT lower(d.token) AS token
         FROM (SELECT description_text FROM ads
                WHERE city_slug = $2 AND search_vector @@ to_tsquery('simple', $1) LIMIT 1) AS a,
              ts_debug('english', a.description_text) AS d
        WHERE $1 = ANY(d.lexemes) LIMIT 1`,
      [stat.word, city],
    )
  ).rows[0]?.token;
  if (!token) throw new Error(`no word of the ads stems to "${stat.word}"`);
  const n = (
    await db.query(
      `SELECT count(*)::int AS n FROM ads a
        WHERE ${PUBLIC_AD} AND a.city_slug = $1
          AND a.search_vector @@ websearch_to_tsquery('english', $2)`,
      [city, token],
    )
  ).rows[0].n;
  return { word: token, share: n / cityPublic, n };
}

/**
 * Waits until PostgreSQL runs no other statement: wrk leaves its requests in flight
 * when a run ends, and the server still answers them; the next run must not start
 * behind them.
 */
async function settle(db) {
  const deadline = Date.now() + 120_000;
  // Idle three times in a row, 200 ms apart: not just between two statements.
  for (let idle = 0; idle < 3;) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    idle = rows[0].n === 0 ? idle + 1 : 0;
    if (Date.now() > deadline) {
      const busy = await db.query(
        `SELECT state, now() - query_start AS running, left(query, 200) AS query
           FROM pg_stat_activity
          WHERE state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      throw new Error(
        'PostgreSQL was still busy 2 minutes after a run: ' +
          busy.rows.map((r) => `${r.query} (for ${JSON.stringify(r.running)})`).join('; '),
      );
    }
    await sleep(200);
  }
}

// ---------------------------------------------------------------- pages

const adIds = (html) => [...html.matchAll(/\/ads\/details\/(\d+)/g)].map((m) => Number(m[1]));
const NOINDEX = '<meta name="robots" content="noindex, follow">';

/** The page answers 200 HTML listing ads; a filtered one is kept out of search engines. */
async function checkPage(base, host, kind) {
  const answer = await getRaw(base, kind.path, host);
  const html = answer.body.toString('utf8');
  const where = `GET ${kind.path} on ${host}`;
  if (answer.status !== 200) {
    throw new Error(`${where} answered ${answer.status}, not 200: ${html.slice(0, 300)}`);
  }
  if (!String(answer.headers['content-type'] ?? '').startsWith('text/html')) {
    throw new Error(`${where} answered ${answer.headers['content-type']}, not HTML`);
  }
  const ids = [...new Set(adIds(html))];
  if (ids.length === 0) throw new Error(`${where} lists no ads (/ads/details/ links)`);
  if (kind.filtered && !html.includes(NOINDEX)) {
    throw new Error(`${where} is filtered but has no ${NOINDEX}`);
  }
  const status = /<p class="sub" role="status">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
  const matches = status.split(' · ')[1] ?? '';
  return { ids, bytes: answer.body.length, matches: decodeEntities(matches) };
}

/** How the bench's own run of the listing differs from the server's page; null when not. */
function listingMismatch(captured, shown) {
  if (captured.join() === shown.join()) return null;
  const first = captured.findIndex((id, i) => id !== shown[i]);
  const common = captured.filter((id) => shown.includes(id)).length;
  const sameSet = common === captured.length && common === shown.length;
  return (
    `found ${captured.length} ads, the page shows ${shown.length}; ` +
    (sameSet
      ? `the same ads in another order (from position ${first + 1})`
      : `${common} in common, the first difference at position ${first + 1}`) +
    ` (bench: ${captured.slice(first, first + 3).join(', ')}; page: ` +
    `${shown.slice(first, first + 3).join(', ')})`
  );
}

const decodeEntities = (text) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

// ---------------------------------------------------------------- report

const ms = (n) => fmt(n, n < 10 ? 2 : 1);

function resultsTable(rows) {
  const lines = [
    '| Page | URL | Matches | Requests/s | p50 (ms) | p90 (ms) | p99 (ms) | Max (ms) | Requests | Non-2xx | Errors |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { kind, result: r, page } of rows) {
    lines.push(
      `| ${kind.label} | \`${kind.path}\` | ${page.matches} | ${fmt(r.rps, 1)} | ${ms(r.p50)} | ` +
        `${ms(r.p90)} | ${ms(r.p99)} | ${ms(r.max)} | ${fmt(r.requests)} | ${fmt(r.non2xx)} | ` +
        `${fmt(r.socketErrors + r.timeouts)} |`,
    );
  }
  return lines.join('\n');
}

function verdicts(targets) {
  const lines = ['| Target | Measured | |', '| --- | ---: | --- |'];
  for (const t of targets) {
    lines.push(`| ${t.name} | ${t.measured} | ${t.met ? 'met' : '**not met**'} |`);
  }
  return lines.join('\n');
}

function targetsOf(byKey) {
  const p99 = (key, limit) => ({
    name: `${byKey[key].kind.label}: p99 < ${limit} ms`,
    measured: `${ms(byKey[key].result.p99)} ms`,
    met: byKey[key].result.p99 < limit,
  });
  const ratio = byKey.filters.result.rps / byKey.city.result.rps;
  return [
    p99('city', TARGET_PAGE_P99_MS),
    p99('filters', TARGET_PAGE_P99_MS),
    p99('deep', TARGET_PAGE_P99_MS),
    p99('available', TARGET_PAGE_P99_MS),
    p99('rare', TARGET_SEARCH_P99_MS),
    p99('common', TARGET_SEARCH_P99_MS),
    {
      name: `4 filters: requests/s ≥ ${TARGET_FILTER_RATIO} × the unfiltered page's`,
      measured:
        `${fmt(ratio, 2)} × (${fmt(byKey.filters.result.rps, 0)} of ` +
        `${fmt(byKey.city.result.rps, 0)})`,
      met: ratio >= TARGET_FILTER_RATIO,
    },
  ];
}

function plansTable(rows) {
  const lines = [
    '| Page | Query | Plan | Execution (ms) | Planning (ms) | Buffers hit / read | Rows | Node with the most time of its own |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const { kind, plan: p } of rows) {
    const top = p.heaviest[0];
    lines.push(
      `| ${kind.label} | count and page | ${p.generic ? 'generic' : 'custom'} | ` +
        `${ms(p.executionMs)} | ${ms(p.planningMs)} | ` +
        `${fmt(p.buffers.hit)} / ${fmt(p.buffers.read)} | ${fmt(p.rows)} | ` +
        `${top ? `${top.name}: ${ms(top.selfMs)} ms, ${fmt(top.rows)} rows` : ''} |`,
    );
  }
  return lines.join('\n');
}

function indexTable(indexes, table) {
  const lines = ['| Index | Size | Definition |', '| --- | ---: | --- |'];
  for (const i of indexes) {
    lines.push(`| \`${i.name}\` | ${fmt(i.bytes / 1024 / 1024, 1)} MB | \`${i.definition}\` |`);
  }
  lines.push(
    `| (table \`ads\`: heap, TOAST) | ${fmt(table.heap / 1024 / 1024, 0)} MB | ` +
      `all its indexes ${fmt(table.indexes / 1024 / 1024, 0)} MB |`,
  );
  return lines.join('\n');
}

function planBlocks(rows) {
  const out = [];
  for (const { kind, plan } of rows) {
    out.push(
      `<details><summary>${kind.label} (<code>${kind.path}</code>): count and page query, ` +
        `${ms(plan.executionMs)} ms</summary>`,
      '',
      '```text',
      trimPlan(plan.text),
      '```',
      '',
      '</details>',
      '',
    );
  }
  return out;
}

function section({ machine, data, rows, targets, indexes, table, notes }) {
  return [
    START,
    '',
    '## City page at a million ads (`bench/city-search.mjs`)',
    '',
    `Measured ${machine.date} on ${machine.cores} cores (${machine.cpu}), ` +
      `${fmt(machine.memoryGiB, 1)} GiB of memory, Node ${machine.node}, PostgreSQL ` +
      `${machine.postgres} (embedded, its default settings: \`shared_buffers\` ` +
      `${machine.sharedBuffers}), wrk ${machine.wrk}. wrk, the server ` +
      'and PostgreSQL share these cores; the 1-minute load average was ' +
      `${machine.load.toFixed(2)} before the runs` +
      `${machine.load > 0.5 ? ' (other work was running)' : ''} and ` +
      `${machine.loadAfter.toFixed(2)} after them (the bench itself keeps the cores busy).`,
    '',
    `Data: ${fmt(data.ads)} ads, ${fmt(data.public)} of them public (active, approved, not ` +
      'expired, owner not banned), the rest pending, expired, past their expiry but still ' +
      `\`active\`, deleted, of a banned owner or anonymous, in ${data.cities} cities. ` +
      `The large city, \`${data.city}\`, has ${fmt(data.cityAds)} ads, ${fmt(data.cityPublic)} ` +
      `public (${data.perPage} a page). Public ads: ${fmt(data.premium)} with a running ` +
      `premium, ${fmt(data.vip)} VIP (\`paid\`), ${fmt(data.fresh)} listed in the last 24 ` +
      `hours (posted then, or renewed: \`listed_at\`), ${fmt(data.cityAvailable)} of the large ` +
      `city's marked 'Available now'; ages ${data.ageMin} to ${data.ageMax}; ` +
      'ethnicity, business, incalls and outcalls drawn from every value of the form and none; ' +
      `${fmt(data.photos)} photo rows (4 ads in 5 have 1 to 4). Descriptions are 60 to 400 ` +
      `words of the seed's list; the rare word "${data.rare}" is in ${fmt(data.rareShare * 100, 2)} % ` +
      `of all ads, the common word "${data.common}" in ${fmt(data.commonShare * 100, 1)} % of ` +
      "the large city's public ads.",
    '',
    resultsTable(rows),
    '',
    verdicts(targets),
    '',
    'What each page asks PostgreSQL (besides the city by its slug, which each server ' +
      'remembers a minute): one statement that counts the matches (read up to 1,001), ' +
      'reads the page (when there are at most 1,000, sorted from them; past that, one ' +
      '`UNION ALL` of the ordered branches under a `LIMIT`/`OFFSET`) and writes its cards. ' +
      '`EXPLAIN (ANALYZE, BUFFERS)` of it, taken after the runs (warm): the statement ' +
      "and parameters `findCityListing` sends (the server's code, bundled from the sources, " +
      'run on a pool that records what it is asked), on a connection set as the ' +
      "server's are (its `statementSettings`); prepared and run 7 times, the last kept, so " +
      "that the plan cache chooses a custom or generic plan as it does on the server's " +
      'connections. "Node with the most time of its own": its time less its children\'s ' +
      "(a CTE's or a sub-select's time counts in the node that reads it):",
    '',
    plansTable(rows),
    '',
    'The indexes of the city pages (`pg_indexes`, `pg_relation_size`):',
    '',
    indexTable(indexes, table),
    '',
    'The plans (branches that never ran cut to one line):',
    '',
    ...planBlocks(rows),
    ...notes.map((n) => `- ${n}`),
    '',
    `Run it again with \`${COMMAND}\`.`,
    '',
    END,
  ].join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  if (!Number.isInteger(DURATION) || DURATION < 1) throw new Error('--duration must be >= 1');
  if (!Number.isInteger(TOTAL_ADS) || TOTAL_ADS < 1000) throw new Error('--ads must be >= 1000');
  if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < THREADS) {
    throw new Error(`--connections must be >= ${THREADS}`);
  }
  assertWrkInstalled();
  defer(removeWrkScript);
  await buildIfNeeded({ rebuild: flag('rebuild') });
  // The server's listing code, bundled now from the same sources as the build.
  const listing = await loadCityListing();

  // --data=DIR keeps the seeded database between runs (for trying a change quickly).
  const keptData = option('data', '');
  const dataDir = keptData
    ? path.resolve(keptData)
    : await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-'));
  if (keptData) await fs.mkdir(dataDir, { recursive: true });
  else defer(() => fs.rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`starting the server on ${base} (DATA_DIR ${dataDir}), page cache off ...`);
  // The site only (as `npm run web`): the jobs would spend the runs catching up on the
  // seeded ads (expiring the lapsed ones, reminders), which a running site does a few
  // at a time.
  // PostgreSQL runs on the same cores: the pool sized as docs/operations.md advises then.
  const server = startServer(dataDir, port, {
    env: { PUBLIC_PAGE_CACHE_MS: '0', RUN_JOBS: 'false', DATABASE_POOL_MAX: POOL_MAX },
  });
  defer(() => stopServer(server));
  await waitForReady(base, server);

  const databaseUrl = await embeddedDatabaseUrl(dataDir);
  const db = new pg.Client({ connectionString: databaseUrl });
  // The server stops its PostgreSQL, which ends this connection too: expected then.
  db.on('error', (error) => console.error(`bench database connection: ${error.message}`));
  await db.connect();
  defer(() => db.end());
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  defer(() => pool.end());

  const seeded = performance.now();
  const already = (await db.query('SELECT count(*)::int AS n FROM ads')).rows[0].n;
  if (keptData && already >= TOTAL_ADS) {
    console.log(`the kept database holds ${fmt(already)} ads: not seeding again`);
  } else {
    console.log(`seeding ${fmt(TOTAL_ADS)} ads ...`);
    // The same data every run (random() of this session, in a fixed order).
    await db.query('SELECT setseed(0.28)');
    await seedPublicAds(db, {
      siteId: SITE_ID,
      prefix: `bench-city-`,
      owners: OWNERS,
      publicAds: PUBLIC_ADS,
      hiddenAds: HIDDEN_ADS,
      bigCity: { slug: BIG_CITY, share: BIG_CITY_SHARE },
      rareWord: { word: RARE_WORD, share: RARE_SHARE },
      ageMax: 60,
      allOptions: true,
      listedAt: { recentShare: RECENT_SHARE },
      available: { share: AVAILABLE_SHARE },
    });
  }
  const facts = await dataFacts(db, BIG_CITY);
  const common = await commonWord(db, BIG_CITY, facts.city_public);
  console.log(
    `  seeded in ${seconds(seeded)}: ${fmt(facts.ads)} ads, ${fmt(facts.public)} public; ` +
      `${BIG_CITY}: ${fmt(facts.city_ads)} ads, ${fmt(facts.city_public)} public; ` +
      `"${RARE_WORD}" in ${fmt((facts.rare / facts.ads) * 100, 2)} % of all ads; ` +
      `"${common.word}" in ${fmt(common.share * 100, 1)} % of ${BIG_CITY}'s public ads`,
  );
  if (common.share < 0.5) {
    throw new Error(`the most common word is in only ${fmt(common.share * 100, 1)} % of the ads`);
  }

  const host = hostOf(BIG_CITY, port);
  const lastPage = Math.ceil(facts.city_public / listing.pageSize);
  const deep = Math.min(DEEP_PAGE, lastPage);
  const kinds = [
    { key: 'city', label: 'City page', path: '/', filtered: false },
    { key: 'filters', label: '4 filters', path: FILTERS, filtered: true },
    { key: 'rare', label: 'Rare keyword', path: `/?q=${RARE_WORD}`, filtered: true },
    { key: 'common', label: 'Common keyword', path: `/?q=${common.word}`, filtered: true },
    { key: 'deep', label: `Page ${deep}`, path: `/?page=${deep}`, filtered: false },
    { key: 'available', label: 'Available now', path: '/?available=1', filtered: true },
  ];

  console.log(`checking the pages on Host ${host} ...`);
  const pages = {};
  const warnings = [];
  for (const kind of kinds) {
    const page = await checkPage(base, host, kind);
    // The statements the server sends for this page, and the same ads in the same order.
    const captured = await listing.capture(pool, {
      siteId: SITE_ID,
      citySlug: BIG_CITY,
      urlPath: kind.path,
    });
    const mismatch = listingMismatch(captured.listing.ids, page.ids);
    if (mismatch) {
      console.warn(`  WARNING: ${kind.path}: findCityListing run again ${mismatch}`);
      warnings.push(`\`${kind.path}\`: findCityListing run again by the bench ${mismatch}.`);
    }
    pages[kind.key] = { ...page, captured };
    console.log(
      `  ${kind.path}: 200, ${page.ids.length} ads, "${page.matches}", ${fmt(page.bytes)} bytes` +
        `${kind.filtered ? ', noindex' : ''}`,
    );
  }

  const before = machineInfo();
  console.log(
    `\nwrk: ${THREADS} threads, ${CONNECTIONS} connections, ${DURATION} s a run` +
      `${WARMUP > 0 ? ` after a ${WARMUP} s warm-up` : ''}:`,
  );
  const rows = [];
  for (const kind of kinds) {
    const spec = {
      label: kind.label,
      path: kind.path,
      host,
      connections: CONNECTIONS,
      threads: THREADS,
    };
    if (WARMUP > 0) {
      assertWrkAllOk(await wrkGet(base, { ...spec, duration: WARMUP }), { allowNone: true });
      await settle(db);
    }
    const result = await wrkGet(base, { ...spec, duration: DURATION });
    assertWrkAllOk(result);
    await settle(db);
    console.log(
      `  ${kind.label}: ${fmt(result.rps, 1)} req/s, p50 ${ms(result.p50)} ms, ` +
        `p90 ${ms(result.p90)} ms, p99 ${ms(result.p99)} ms, ${fmt(result.requests)} answers`,
    );
    rows.push({ kind, result, page: pages[kind.key] });
  }
  const after = machineInfo();

  console.log('\nquery plans ...');
  for (const row of rows) {
    const { captured } = row.page;
    // One statement counts the matches and reads the page.
    const plan = await explain(db, captured.statement, captured.setup);
    // The matches it counted: all of them, or the cap and one more.
    plan.rows = captured.listing.count.exact
      ? captured.listing.count.n
      : captured.listing.count.atLeast + 1;
    row.plan = plan;
    console.log(
      `  ${row.kind.label}: ${ms(plan.executionMs)} ms ` +
        `(${plan.generic ? 'generic' : 'custom'}, planning ${ms(plan.planningMs)} ms; ${plan.heaviest[0]?.name})`,
    );
  }
  const indexes = (
    await db.query(
      `SELECT indexname AS name, indexdef AS definition,
              pg_relation_size(format('%I.%I', schemaname, indexname)::regclass)::bigint AS bytes
         FROM pg_indexes
        WHERE tablename = 'ads' AND indexname LIKE 'ads\\_city\\_%'
        ORDER BY indexname`,
    )
  ).rows.map((r) => ({ ...r, bytes: Number(r.bytes) }));
  const table = (
    await db.query(
      `SELECT pg_table_size('ads')::bigint AS heap, pg_indexes_size('ads')::bigint AS indexes`,
    )
  ).rows[0];
  if (indexes.length === 0) throw new Error('no ads_city_* index');

  if (server.output.count > 0) {
    console.log(`\nthe server logged ${server.output.count} line(s) at warn or above; the last:`);
    for (const line of server.output.lines.slice(-5)) console.log(`  ${line.slice(0, 300)}`);
  }
  if (SMOKE) {
    console.log(
      '\nsmoke: every page answered 200 with ads, the plans were taken; no figures reported',
    );
    return;
  }

  const byKey = Object.fromEntries(rows.map((r) => [r.kind.key, r]));
  const targets = targetsOf(byKey);
  const versions = await db.query('SHOW server_version');
  const sharedBuffers = (await db.query('SHOW shared_buffers')).rows[0].shared_buffers;
  const wrkVersion = await wrkVersionOf();
  const machine = {
    ...before,
    loadAfter: after.load,
    memoryGiB: os.totalmem() / 1024 ** 3,
    postgres: versions.rows[0].server_version.split(' ')[0],
    sharedBuffers,
    wrk: wrkVersion,
  };
  const data = {
    ads: facts.ads,
    public: facts.public,
    cities: facts.cities,
    city: BIG_CITY,
    cityAds: facts.city_ads,
    cityPublic: facts.city_public,
    perPage: listing.pageSize,
    premium: facts.premium,
    vip: facts.vip,
    fresh: facts.fresh,
    cityAvailable: facts.city_available,
    ageMin: facts.age_min,
    ageMax: facts.age_max,
    photos: facts.photos,
    rare: RARE_WORD,
    rareShare: facts.rare / facts.ads,
    common: common.word,
    commonShare: common.share,
  };
  const notes = [
    `Every run: wrk with ${THREADS} threads and ${CONNECTIONS} connections for ${DURATION} s, ` +
      `after a ${WARMUP} s unmeasured warm-up of the same URL, one run per page, one page ` +
      `after the other; latency percentiles are wrk's (\`--latency\`). Each request carries ` +
      `the large city's Host header (\`${BIG_CITY}.localhost:{port}\`, the local ` +
      'development site) and nothing else (no `Accept-Encoding`: every answer is the full page). ' +
      'A Lua script counts the answers by status; any answer that is not 2xx, socket error ' +
      'or timeout fails the bench.',
    'The server runs with `PUBLIC_PAGE_CACHE_MS=0` (its page cache off: every request ' +
      'renders the page from PostgreSQL), `RUN_JOBS=false` (the site only, as `npm run web`: ' +
      "the jobs would spend the runs catching up on the seed's lapsed ads and reminders), " +
      '`RATE_LIMIT_SCALE=1000000`, `NODE_ENV=test`, `LOG_LEVEL=warn`, and ' +
      `\`DATABASE_POOL_MAX=${POOL_MAX}\` (twice the cores, which PostgreSQL shares: ` +
      'docs/operations.md). Between runs the ' +
      'bench waits until PostgreSQL has no statement running (wrk leaves requests in flight).',
    'Before the runs each URL is fetched once: a 200 HTML page listing ads ' +
      '(`/ads/details/` links), the filtered and searched ones with ' +
      '`<meta name="robots" content="noindex, follow">`. "Matches" is what the page says.',
    `The filter values are chosen so that the page has results: Latino/Hispanic ` +
      '(1 ad in 12), independent (1 in 4), outcalls offered at all (`any`: outcalls ' +
      '`any` or `hotel`, 1 in 2), aged 35 or less (17 ages of 42).',
    `The unfiltered page's target (p99 < ${TARGET_PAGE_P99_MS} ms) is applied to page ` +
      `${deep} too; the search target (p99 < ${TARGET_SEARCH_P99_MS} ms) to both keywords.`,
    'Seeded with SQL (`lib/public-ads-seed.mjs`, `generate_series`, the same data every ' +
      `run: \`setseed\`), then \`VACUUM (ANALYZE)\`; ${fmt(OWNERS)} owners.`,
  ];
  const parallelAppend = rows.filter((r) => /Parallel Append/.test(r.plan.text));
  if (parallelAppend.length > 0) {
    warnings.push(
      `the page query of ${parallelAppend.map((r) => r.kind.label).join(', ')} ran as a ` +
        '`Gather` over a `Parallel Append`: its branches run side by side in parallel ' +
        "workers and their rows interleave, so the page's order is not the branches' order " +
        '(nor the same from one run to the next).',
    );
  }
  for (const warning of warnings) notes.push(`Warning: ${warning}`);
  const doc = section({
    machine,
    data,
    rows,
    targets,
    indexes,
    table: { heap: Number(table.heap), indexes: Number(table.indexes) },
    notes,
  });

  console.log(`\n${resultsTable(rows)}\n\n${verdicts(targets)}\n\n${plansTable(rows)}\n`);
  console.log(
    `${indexTable(indexes, { heap: Number(table.heap), indexes: Number(table.indexes) })}\n`,
  );
  for (const row of rows) {
    console.log(`--- ${row.kind.label} (${row.kind.path}): count and page query`);
    console.log(trimPlan(row.plan.text));
  }
  if (flag('write') && TOTAL_ADS !== 1_000_000) {
    console.log('\n(not recorded: --write records only a run on 1,000,000 ads)');
  } else if (flag('write')) await writeSection(START, END, doc);
  else console.log('\n(run with --write to record these in docs/benchmarks.md)');
  const missed = targets.filter((t) => !t.met);
  if (missed.length > 0) console.log(`\ntargets not met: ${missed.map((t) => t.name).join('; ')}`);
}

async function wrkVersionOf() {
  const { execFile } = await import('node:child_process');
  const { WRK } = await import('./lib/wrk.mjs');
  return new Promise((resolve) => {
    execFile(WRK, ['-v'], (error, stdout, stderr) => {
      const text = `${stdout}${stderr}`;
      resolve(/wrk (\S+)/.exec(text)?.[1] ?? 'unknown');
    });
  });
}

await runBench(main);
