import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { languages, type Language } from '@adboard/shared';
import { z } from 'zod';

/**
 * What the web build wrote for each address of the app (apps/web/route-assets.ts):
 * the scripts and stylesheets its screens load on arrival beyond the entry's.
 */
const routeAssetsSchema = z.array(
  z.object({
    pattern: z.string().min(1),
    js: z.array(z.string().regex(/^\/assets\/[\w.~-]+\.js$/)),
    css: z.array(z.string().regex(/^\/assets\/[\w.~-]+\.css$/)),
    /** Per language, the catalogue's files the frame and the screen draw with (issue 30). */
    texts: z
      .partialRecord(z.enum(languages), z.array(z.string().regex(/^\/assets\/[\w.~-]+\.js$/)))
      .default({}),
  }),
);

export type RouteAssets = z.infer<typeof routeAssetsSchema>[number];

/** The list with each pattern made into its test once, at start (not per request). */
export type RouteTable = { assets: RouteAssets; test: RegExp }[];

/** The build's list, or none (a build from before the list, or no build): pages then name no extra files. */
export function readRouteAssets(webDist: string): RouteTable {
  const file = path.join(webDist, '.vite/route-assets.json');
  if (!existsSync(file)) return [];
  return routeTable(routeAssetsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
}

export function routeTable(list: RouteAssets[]): RouteTable {
  return list.map((assets) => ({ assets, test: patternTest(assets.pattern) }));
}

/** A react-router pattern (`/admin/posts/:id`, `/admin/*`, `*`) as a test of a path. */
function patternTest(pattern: string): RegExp {
  if (pattern === '*') return /^/;
  const parts = pattern
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (part === '*') return '(?:/.*)?';
      if (part.startsWith(':')) return '/[^/]+';
      return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  return new RegExp(`^${parts.join('')}/?$`, 'i');
}

/** The first address (most specific first, as listed) whose pattern takes the path. */
export function routeAssetsFor(table: RouteTable, pathname: string): RouteAssets | undefined {
  return table.find((entry) => entry.test.test(pathname))?.assets;
}

/**
 * The tags that start those files with the page: the stylesheets (after the
 * entry's, as the app would add them) and module preloads for the scripts and for the
 * texts in the page's language.
 * The names are the build's own (checked when read), so they need no escaping.
 */
export function routeAssetTags(assets: RouteAssets | undefined, language: Language): string {
  if (!assets) return '';
  return [
    ...assets.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...assets.js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    // The texts in the reader's language, fetched with the scripts rather than after them.
    ...(assets.texts[language] ?? []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
    ),
  ].join('');
}
