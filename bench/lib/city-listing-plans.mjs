// The SQL a city page runs, taken from the server's own code, and its plans.
//
// `loadCityListing()` bundles the server's `findCityListing` and `findCityBySlug`
// (apps/server/src/modules/public-pages) and the shared `parseCityQuery` from the
// sources with esbuild, drizzle-orm and pg left to the repository's own copies, and
// runs them on a drizzle handle whose logger keeps each statement and its parameters:
// the page query (UNION ALL of the ordered branches) and the bounded count query,
// exactly as the server sends them for a URL at that moment (the rotation's pivot is
// the quarter of an hour's). `explain()` then runs EXPLAIN (ANALYZE, BUFFERS) of each.
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
 * `{ capture(host's city slug, siteId, url path) }`: runs the server's listing for
 * that page on `pool` and answers the statements it sent and what it found.
 */
export async function loadCityListing(pool) {
  const mod = await bundle();
  return {
    pageSize: mod.lifecycle.cityPageSize,
    async capture({ siteId, citySlug, urlPath }) {
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
      const listing = await mod.findCityListing(db, scope, query.filters, query.page, new Date());
      const page = statements.find((s) => /\bUNION ALL\b/i.test(s.query));
      const count = statements.find((s) => /\bcount\(\*\)/i.test(s.query));
      if (!page || !count) {
        throw new Error(
          `findCityListing no longer sends a UNION ALL page query and a count query ` +
            `(${statements.length} statements): update bench/lib/city-listing-plans.mjs`,
        );
      }
      return { listing, page, count, statements };
    },
  };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement with its parameters: run `runs` times
 * (the last kept, warm as under load), as text, then once as JSON for the figures
 * and the node that spent the most time itself.
 */
export async function explain(client, { query, params }, runs = 2) {
  let text = '';
  for (let i = 0; i < runs; i++) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
    text = rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`, params);
  const json = rows[0]['QUERY PLAN'][0];
  const top = json.Plan;
  const nodes = [];
  walk(top, (node) => nodes.push({ node, self: selfTime(node) }));
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
  };
}

function walk(node, visit) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** A node's own time: its total over all loops less its children's. */
function selfTime(node) {
  const total = (node['Actual Total Time'] ?? 0) * (node['Actual Loops'] ?? 1);
  const children = (node.Plans ?? [])
    .filter((c) => c['Parent Relationship'] !== 'InitPlan' && c['Parent Relationship'] !== 'SubPlan')
    .reduce((sum, c) => sum + (c['Actual Total Time'] ?? 0) * (c['Actual Loops'] ?? 1), 0);
  return Math.max(0, total - children);
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
