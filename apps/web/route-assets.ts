import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest, Plugin } from 'vite';
import { languages, type Language } from '../../packages/shared/src/i18n/languages.ts';
import {
  frameTextAreas,
  screenAddresses,
  screenTextAreas,
  type ScreenAddress,
  type TextAreaName,
} from './src/routes/screen-table.ts';

/** Where the build writes the list, beside Vite's manifest (the server does not serve dot folders). */
export const routeAssetsFile = '.vite/route-assets.json';

/** The files one address of the app needs beyond the entry's own, as URLs from the site's root. */
export interface RouteAssets {
  pattern: string;
  js: string[];
  css: string[];
  /** Per language, the catalogue's files the frame and the screens draw with (issue 30). */
  texts: Record<Language, string[]>;
}

/**
 * A chunk's file and its static imports (deep) into `js`, each file after the
 * files it imports (the order the browser evaluates them in), and their
 * stylesheets into `css`, each chunk's before its imports' (the order the app
 * would add them in, which the cascade depends on).
 */
function collect(manifest: Manifest, key: string, js: Set<string>, css: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, js, css);
  // Then moved after its imports (a Set keeps the order of insertion).
  js.delete(chunk.file);
  js.add(chunk.file);
}

/** The manifest's key of an area's compiled file in a language (apps/web/catalogue-plugin.ts). */
function textModule(area: TextAreaName, language: Language): string {
  return `../../packages/shared/src/i18n/catalogues/${area}/${language}.ts?compiled`;
}

/** The compiled files of these areas in each language, as URLs. */
function textFiles(manifest: Manifest, areas: readonly TextAreaName[]): Record<Language, string[]> {
  const byLanguage = {} as Record<Language, string[]>;
  for (const language of languages) {
    byLanguage[language] = areas.map((area) => {
      const chunk = manifest[textModule(area, language)];
      if (!chunk) throw new Error(`${textModule(area, language)} is not in the Vite manifest`);
      return `/${chunk.file}`;
    });
  }
  return byLanguage;
}

/** The module the entry (main.tsx) loads to start the app: the frame every screen is drawn in. */
export const startModule = 'src/start.tsx';

/**
 * For each address of the app (screen-table.ts), the scripts and stylesheets it
 * loads on arrival that the page's HTML does not already name: the app's start
 * (start.tsx, which the entry imports) and the address's screens. The server puts
 * them in the page, so the browser fetches them with the entry instead of after
 * it has run (one round trip less before the first screen); the scripts are
 * listed each after the ones it imports, the order the entry evaluates them in,
 * one at a time (lib/evaluate-in-turn.ts).
 */
export function routeAssets(
  manifest: Manifest,
  addresses: ScreenAddress[] = screenAddresses(),
): RouteAssets[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry');
  const entryJs = new Set<string>();
  const entryCss = new Set<string>();
  collect(manifest, entryKey, entryJs, entryCss);
  return addresses.map(({ pattern, screen, inner }) => {
    const js = new Set<string>();
    const css = new Set<string>();
    collect(manifest, startModule, js, css);
    for (const name of inner ? [screen, inner] : [screen]) {
      collect(manifest, `src/routes/${name}.tsx`, js, css);
    }
    const areas = [...new Set<TextAreaName>([...frameTextAreas, ...screenTextAreas[screen]])];
    return {
      pattern,
      js: [...js].filter((file) => !entryJs.has(file)).map((file) => `/${file}`),
      css: [...css].filter((file) => !entryCss.has(file)).map((file) => `/${file}`),
      texts: textFiles(manifest, areas),
    };
  });
}

/** Writes `routeAssets` of the build's manifest to `dist/.vite/route-assets.json`. */
export function routeAssetsPlugin(): Plugin {
  return {
    name: 'adboard-route-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const asset = bundle['.vite/manifest.json'];
      if (!asset || asset.type !== 'asset') throw new Error('the build wrote no Vite manifest');
      const manifest = JSON.parse(String(asset.source)) as Manifest;
      const outDir = options.dir ?? 'dist';
      writeFileSync(
        path.join(outDir, routeAssetsFile),
        `${JSON.stringify(routeAssets(manifest), null, 2)}\n`,
      );
    },
  };
}
