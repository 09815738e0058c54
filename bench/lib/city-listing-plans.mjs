// The SQL a city page runs, taken from the server's own code, and its plans.
//
// `loadCityListing()` bundles the server's `findCityListing`, `findCityBySlug` and its
// connections' `statementSettings` (apps/server/src) and the shared `parseCityQuery`
// from the sources with esbuild, drizzle-orm and pg left to the repository's own
// copies, and runs the listing on a pool that keeps each statement and its parameters:
// the one statement that counts the matches and reads the page, exactly as the server
// sends it for a URL at that moment (the rotation's pivot is the quarter of an hour's).
// `explain()` then runs EXPLAIN (ANALYZE, BUFFERS) of it, on a connection set as the
// server's are.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { root } from './server.mjs';

const pages = path.join(root, 'apps/server/src/modules/public-pages');

/** drizzle-orm and pg stay the repository's (one copy with the bench's), imported by URL. */
const repositoryCopies = {
  name: 'repository-copies',
  setup(build) {
    build.onResolve({ filter: /^(drizzle-orm|pg)(\/.*)?$/ }, (args) => ({
      path: import.meta.resolve(args.path),
      external: true,
    }));
  },
};

async function bundle() {
  const { build } = await import('esbuild');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-city-listing-'));
  const entry = path.join(dir, 'entry.ts');
  await fs.writeFile(
    entry,
    [
      `export { findCityListing } from ${JSON.stringify(path.join(pages, 'city-listing-repository.ts'))};`,
      `export { statementSettings } from ${JSON.stringify(path.join(root, 'apps/server/src/db/database.ts'))};`,
      `export { findCityBySlug } from ${JSON.stringify(path.join(pages, 'public-ad-repository.ts'))};`,
      `export { parseCityQuery, lifecycle } from ${JSON.stringify(path.join(root, 'packages/shared/src/index.ts'))};`,
    ].join('\n'),
  );
  const outfile = path.join(dir, 'city-listing.mjs');
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
    absWorkingDir: root,
    plugins: [repositoryCopies],
  });
  const mod = await import(pathToFileURL(outfile).href);
  await fs.rm(dir, { recursive: true, force: true });
  return mod;
}

/**
 * The page size, and `capture(pool, { siteId, citySlug, urlPath })`: runs the
 * server's listing for that page on `pool` and answers the statement that counts and
 * reads the page (`statement`, with `setup`: the settings of the server's connections),
 * every statement it sent, and what it found.
 */
export async function loadCityListing() {
  const mod = await bundle();
  return {
    pageSize: mod.lifecycle.cityPageSize,
    async capture(pool, { siteId, citySlug, urlPath }) {
      const statements = [];
      const logger = { logQuery: (query, params) => statements.push({ query, params }) };
      const db = drizzle(pool, { logger });
      const city = await mod.findCityBySlug(db, citySlug);
      if (!city) throw new Error(`no city ${citySlug}`);
      const url = new URL(urlPath, 'http://city.invalid');
      const raw = {};
      for (const [name, value] of url.searchParams) {
        raw[name] = name in raw ? [].concat(raw[name], value) : value;
      }
      const query = mod.parseCityQuery(raw);
      if (query.page === null) throw new Error(`${urlPath} names no page`);
      statements.length = 0;
      const scope = { siteId, countryCode: city.countryCode, citySlug: city.slug };
      // The listing sends its statements through the pool it is given (named, prepared):
      // this one keeps what it is asked.
      const recording = {
        query(config, values) {
          if (typeof config === 'string') {
            statements.push({ query: config, params: values ?? [] });
          } else if (typeof config === 'object' && config.text) {
            statements.push({
              query: config.text,
              params: config.values ?? values ?? [],
              name: config.name ?? null,
            });
          }
          return pool.query(config, values);
        },
      };
      const listing = await mod.findCityListing(
        recording,
        scope,
        query.filters,
        query.page,
        new Date(),
      );
      // One statement counts the matches (up to the cap) and cuts the page from them
      // when they are few, else reads the page in order (its UNION ALL).
      const statement = statements.find((s) => /\bWITH (matches|counted)\b/i.test(s.query));
      if (!statement) {
        throw new Error(
          `findCityListing no longer sends its count statement (WITH matches or counted …) ` +
            `(${statements.length} statements): update bench/lib/city-listing-plans.mjs`,
        );
      }
      // The settings the server's connections open with (db/database.ts).
      const setup = Object.entries(mod.statementSettings).map(
        ([name, value]) => `SET ${name} = ${value}`,
      );
      return { listing, statement, statements, setup };
    },
  };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement with its parameters, as the server runs
 * it: on a connection set as the server's are (`setup`: its settings, SET inside a
 * transaction that is rolled back), and, when the server sends it as a named prepared statement,
 * prepared and executed `runs` times (default 7) so that PostgreSQL's plan cache
 * makes the same choice as on the server's connections, which run it again and again
 * (after five custom plans it may keep a generic one). The last run is kept (warm, as
 * under load), as text; then once more as JSON for the figures and the node that
 * spent the most time itself.
 */
export async function explain(client, { query, params, name = null }, setup = [], runs = 7) {
  const begin = setup.find((st) => /^\s*(BEGIN|START TRANSACTION)\b/i.test(st)) ?? 'BEGIN';
  await client.query(begin);
  let prepared = false;
  try {
    for (const st of setup) if (/^\s*SET\b/i.test(st)) await client.query(st);
    let run;
    let planCounts = null;
    if (name) {
      await client.query(`PREPARE bench_city_listing AS ${query}`);
      prepared = true;
      const args = params.map((v) => (v === null ? 'NULL' : client.escapeLiteral(String(v))));
      const execute = `EXECUTE bench_city_listing${args.length > 0 ? `(${args.join(', ')})` : ''}`;
      run = (options) => client.query(`EXPLAIN (${options}) ${execute}`);
      planCounts = async () =>
        (
          await client.query(
            `SELECT generic_plans::int AS generic, custom_plans::int AS custom
               FROM pg_prepared_statements WHERE name = 'bench_city_listing'`,
          )
        ).rows[0];
    } else {
      run = (options) => client.query(`EXPLAIN (${options}) ${query}`, params);
    }
    return await explainRuns(run, name ? runs : 2, planCounts);
  } finally {
    await client.query('ROLLBACK');
    if (prepared) await client.query('DEALLOCATE bench_city_listing');
  }
}

/** `planCounts`, for a prepared statement: how many generic and custom plans it ran. */
async function explainRuns(run, runs, planCounts) {
  let text = '';
  let generic = false;
  for (let i = 0; i < runs; i++) {
    const before = i === runs - 1 && planCounts ? await planCounts() : null;
    const { rows } = await run('ANALYZE, BUFFERS');
    text = rows.map((r) => r['QUERY PLAN']).join('\n');
    if (before) generic = (await planCounts()).generic > before.generic;
  }
  const { rows } = await run('ANALYZE, BUFFERS, FORMAT JSON');
  const json = rows[0]['QUERY PLAN'][0];
  const top = json.Plan;
  const nodes = [];
  walk(top, 1, (node, processes) => nodes.push({ node, self: selfTime(node, processes) }));
  nodes.sort((a, b) => b.self - a.self);
  const heaviest = nodes.slice(0, 3).map(({ node, self }) => ({
    name: nodeName(node),
    selfMs: self,
    rows: node['Actual Rows'] * node['Actual Loops'],
    loops: node['Actual Loops'],
  }));
  return {
    text,
    executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? json['Execution Time']),
    planningMs: Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1] ?? json['Planning Time']),
    buffers: {
      hit: top['Shared Hit Blocks'] ?? 0,
      read: top['Shared Read Blocks'] ?? 0,
    },
    heaviest,
    // The plan cache's choice for the kept run (pg_prepared_statements); else custom.
    generic,
  };
}

/**
 * Visits every node with the number of processes running it: below a Gather (Merge)
 * the leader and its workers each run the part, and their loops add up.
 */
function walk(node, processes, visit) {
  visit(node, processes);
  const below = node['Workers Launched'] !== undefined ? node['Workers Launched'] + 1 : processes;
  for (const child of node.Plans ?? []) walk(child, below, visit);
}

/** Time spent in a node over its loops, per process when parallel. */
const timeIn = (node, processes) =>
  (node['Actual Total Time'] ?? 0) * Math.max(1, (node['Actual Loops'] ?? 1) / processes);

/** A node's own time: its time less its children's (per process when parallel). */
function selfTime(node, processes) {
  const below = node['Workers Launched'] !== undefined ? node['Workers Launched'] + 1 : processes;
  const children = (node.Plans ?? [])
    .filter(
      (c) => c['Parent Relationship'] !== 'InitPlan' && c['Parent Relationship'] !== 'SubPlan',
    )
    .reduce((sum, c) => sum + timeIn(c, below), 0);
  return Math.max(0, timeIn(node, processes) - children);
}

function nodeName(node) {
  const on = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const rel = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  return `${node['Node Type']}${on}${rel}`;
}

/**
 * The plan without the subtrees that never ran (a LIMIT stops the Append early, so
 * most of a page query's branches are "never executed"): each such node becomes one
 * line, its details and children left out.
 */
export function trimPlan(text) {
  const lines = text.split('\n');
  const out = [];
  let skipDeeperThan = -1;
  for (const line of lines) {
    const indent = line.search(/\S/);
    if (skipDeeperThan >= 0) {
      if (indent > skipDeeperThan) continue;
      skipDeeperThan = -1;
    }
    out.push(line);
    if (/\(never executed\)/.test(line)) {
      // Children and detail lines are indented deeper than the arrow's column.
      skipDeeperThan = indent;
    }
  }
  return out.join('\n');
}
