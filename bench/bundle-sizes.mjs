// What each screen of the web app makes the browser download: for every route, the
// JavaScript and CSS it loads (the entry with its static imports, then the route's
// lazy chunk with its own), sizes as built and as sent (the brotli copies the build
// writes beside each asset, apps/web/scripts/precompress.mjs; gzip beside them).
// The routes and their files are the build's own list (route-assets.json, made from
// the app's screen table apps/web/src/routes/screen-table.ts), as the server names
// them in each page. Builds nothing: run `npm run build -w @adboard/web` first.
//
//   node bench/bundle-sizes.mjs            print the table and the budget check
//   node bench/bundle-sizes.mjs --write    also record them in docs/benchmarks.md
//   node bench/bundle-sizes.mjs --smoke    checks it still reads the build, prints no figure
//
// Exits 1 when a budget is exceeded (JavaScript of /login at most 90 KB transferred).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fmt, machine, writeSection } from './lib/report.mjs';
import { root } from './lib/server.mjs';

const dist = path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
/** Written by the build beside the manifest (apps/web/route-assets.ts). */
const routeAssetsFile = path.join(dist, '.vite/route-assets.json');

/**
 * Addresses that get no row: `/` shows the screen of /login, and the catch-alls
 * (`*`, `/admin/*`) the not-found page.
 */
const notARow = (pattern) => pattern === '/' || pattern.endsWith('*');

/** Budgets on transferred (brotli) bytes. */
const BUDGETS = [{ route: '/login', kind: 'js', maxBytes: 90 * 1024 }];

/** The issue's figure before this work (issue 16). */
const BEFORE = '/login: 458 KB of JavaScript sent uncompressed (about 146 KB gzipped)';

function readBuilt(file) {
  if (!existsSync(file)) {
    console.error(
      `No ${path.relative(root, file)}: build the web app first (npm run build -w @adboard/web).`,
    );
    process.exit(1);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

const sizeCache = new Map();

/** Bytes of one built file: as built, gzip and brotli (the precompressed copies when present). */
function sizesOf(file) {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const full = path.join(dist, file);
  const data = readFileSync(full);
  const copy = (suffix, make) =>
    existsSync(full + suffix) ? statSync(full + suffix).size : make(data).length;
  const sizes = {
    raw: data.length,
    gzip: copy('.gz', (d) => gzipSync(d, { level: 9 })),
    br: copy('.br', (d) =>
      brotliCompressSync(d, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ),
    precompressed: existsSync(full + '.br') && existsSync(full + '.gz'),
  };
  sizeCache.set(file, sizes);
  return sizes;
}

/** The files a manifest entry loads at once: itself, its static imports (deep) and their CSS. */
function collect(manifest, key, js, css) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, js, css);
}

/** The catalogue's compiled files (`…/catalogues/<area>/<language>.ts?compiled`). */
function catalogueFiles(manifest) {
  const all = new Set();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (/catalogues\/[^/]+\/[\w-]+\.ts\?compiled$/.test(key)) all.add(chunk.file);
  }
  return { all };
}

function total(files) {
  const sum = { raw: 0, gzip: 0, br: 0, count: files.size, precompressed: true };
  for (const file of files) {
    const s = sizesOf(file);
    sum.raw += s.raw;
    sum.gzip += s.gzip;
    sum.br += s.br;
    sum.precompressed &&= s.precompressed;
  }
  return sum;
}

const kb = (bytes) => fmt(bytes / 1024, 1);

/** A budget's figure in each language ('en 92.9 KB, fr-CA 93.0 KB, es 93.0 KB'). */
function byLanguage(check) {
  return check.languages.map(({ language, bytes }) => `${language} ${kb(bytes)} KB`).join(', ');
}

function measure() {
  const manifest = readBuilt(manifestFile);
  const routeAssets = readBuilt(routeAssetsFile);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry');
  const chunkOf = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const textFiles = catalogueFiles(manifest);
  // The list's URLs (`/assets/...`) as the manifest's files (`assets/...`).
  const builtFile = (url) => {
    const file = url.replace(/^\//, '');
    if (!existsSync(path.join(dist, file))) throw new Error(`${url} is not in apps/web/dist`);
    return file;
  };
  // The stylesheets the built page itself names (the app's one stylesheet: vite.config.ts
  // builds the styles into a single file, which the manifest ties to no chunk).
  const pageCss = [
    ...readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(
      /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g,
    ),
  ].map((match) => builtFile(match[1]));
  return routeAssets
    .filter(({ pattern }) => !notARow(pattern))
    .map(({ pattern, js: routeJs, css: routeCss, texts }) => {
      const js = new Set();
      const css = new Set();
      collect(manifest, entryKey, js, css);
      for (const file of pageCss) css.add(file);
      const screenFiles = routeJs.map(builtFile);
      for (const file of screenFiles) js.add(file);
      for (const file of routeCss.map(builtFile)) css.add(file);
      // Loaded later, on demand (the wizard's steps, the editor they load in turn, the QR
      // code): listed apart; other screens are not.
      const later = new Set();
      const asked = [...screenFiles];
      for (let i = 0; i < asked.length; i++) {
        for (const key of chunkOf.get(asked[i])?.dynamicImports ?? []) {
          if (key.startsWith('src/routes/')) continue;
          const before = new Set(later);
          collect(manifest, key, later, new Set());
          for (const file of later) if (!before.has(file)) asked.push(file);
        }
      }
      for (const file of js) later.delete(file);
      // The catalogue's texts (issue 30): the frame's and the screen's areas in the page's
      // language come with the screen (the page names them, route-assets.json), so each
      // language's are counted at once; other areas' files load when a later view shows.
      for (const file of textFiles.all) later.delete(file);
      const inLanguage = Object.fromEntries(
        Object.entries(texts ?? {}).map(([language, urls]) => [
          language,
          total(new Set([...js, ...urls.map(builtFile)])),
        ]),
      );
      return {
        route: pattern,
        js: total(js),
        css: total(css),
        later: total(later),
        inLanguage,
        files: js,
      };
    });
}

function budgetChecks(rows) {
  return BUDGETS.map((budget) => {
    const row = rows.find((r) => r.route === budget.route);
    // In each language: the screen's files with that language's texts; the largest counts.
    const languages = Object.entries(row.inLanguage).map(([language, sum]) => ({
      language,
      bytes: sum.br,
    }));
    const bytes = Math.max(row[budget.kind].br, ...languages.map((entry) => entry.bytes));
    return { ...budget, bytes, languages, ok: bytes <= budget.maxBytes };
  });
}

/** The largest scripts of a route, as sent: where a budget's bytes go. */
function largest(rows, route, count = 3) {
  const row = rows.find((r) => r.route === route);
  return [...row.files]
    .map((file) => ({ file: path.basename(file), br: sizesOf(file).br }))
    .sort((a, b) => b.br - a.br)
    .slice(0, count)
    .map(({ file, br }) => `\`${file}\` ${kb(br)} KB`)
    .join(', ');
}

function table(rows) {
  const lines = [
    '| route | JS files | JS built KB | JS gzip KB | JS sent (brotli) KB | CSS built KB | CSS sent (brotli) KB | loaded later on demand (brotli) KB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { route, js, css, later } of rows) {
    lines.push(
      `| \`${route}\` | ${js.count} | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(js.br)} | ${kb(css.raw)} | ${kb(css.br)} | ${later.count ? `${kb(later.br)} (${later.count} files)` : ''} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The built scripts that carry an ICU MessageFormat parser (its lexer's `func-args`
 * state): none may, the browser gets its texts compiled (docs/decisions.md, "The
 * catalogue's runtime"). A shared module with a compiled catalogue at its top (an
 * area's `index.ts`) imported by the app brings one in.
 */
function scriptsWithParser() {
  const assets = path.join(dist, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .filter((file) => readFileSync(path.join(assets, file), 'utf8').includes('func-args'));
}

const rows = measure();
const checks = budgetChecks(rows);
const withParser = scriptsWithParser();
const missingCopies = rows.some((r) => !r.js.precompressed || !r.css.precompressed);
const m = machine();

// A smoke run (`npm test`): every route read from the build with its files there,
// the budget's route among them; no figures, no verdict.
if (process.argv.includes('--smoke')) {
  const empty = rows.filter((r) => r.js.count === 0).map((r) => r.route);
  const unknown = checks.filter((c) => !rows.some((r) => r.route === c.route));
  if (rows.length === 0 || empty.length > 0 || unknown.length > 0 || withParser.length > 0) {
    console.error(
      `bundle sizes: ${rows.length} routes; without JavaScript: ${empty.join(', ') || 'none'}; ` +
        `budget routes not built: ${unknown.map((c) => c.route).join(', ') || 'none'}; ` +
        `scripts with an ICU parser: ${withParser.join(', ') || 'none'}`,
    );
    process.exit(1);
  }
  console.log(`smoke: ${rows.length} routes read from the build; no figures reported`);
  process.exit(0);
}

console.log(table(rows));
console.log('');
for (const check of checks) {
  console.log(`largest scripts of ${check.route} (sent): ${largest(rows, check.route)}`);
  console.log(
    `budget: ${check.kind.toUpperCase()} of ${check.route} ${kb(check.bytes)} KB sent, at most ${kb(check.maxBytes)} KB: ${check.ok ? 'ok' : 'EXCEEDED'}`,
  );
  console.log(`  with its texts, by language: ${byLanguage(check)}`);
}
console.log(`scripts with an ICU parser: ${withParser.join(', ') || 'none'}`);
if (missingCopies) {
  console.log('note: some assets have no .br/.gz copy beside them (built without precompress?)');
}

if (process.argv.includes('--write')) {
  const text = `<!-- bundle-sizes:start -->

## Web app bundle sizes (\`bench/bundle-sizes.mjs\`)

Measured ${m.date} from \`apps/web/dist\` and its Vite manifest (Node ${m.node}). For each
route: the JavaScript and CSS the browser loads at once (the entry, its static imports,
the route's lazy chunk and its static imports); "sent" is the brotli copy the build
writes beside each asset (quality 11), which the server sends to a browser that accepts
\`br\` (gzip copy otherwise). Chunks a screen imports only when needed (the rich-text
editor, the QR code) are in the last column.

${table(rows)}

${checks.map((c) => `Budget: ${c.kind.toUpperCase()} of \`${c.route}\` at most ${kb(c.maxBytes)} KB sent, in each language with the texts the page names: ${kb(c.bytes)} KB (${byLanguage(c)}), ${c.ok ? 'met' : '**exceeded**'}. Largest scripts there, as sent: ${largest(rows, c.route)}.`).join('\n')}

${checks.some((c) => !c.ok) ? 'Compression alone does not meet it: by its source map (2026-11-27) the entry chunk is mostly React DOM (about 200 KB built), React Router (38 KB) and TanStack Query (24 KB), and every screen needs zod; a smaller build of those (zod/mini, a lighter router) is what is left.\n\n' : ''}Before (issue 16): ${BEFORE}. Now every script is sent as its brotli copy (gzip to a browser without brotli).

<!-- bundle-sizes:end -->`;
  await writeSection('<!-- bundle-sizes:start -->', '<!-- bundle-sizes:end -->', text);
}

if (checks.some((c) => !c.ok)) process.exit(1);
