import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { compileArea, type CatalogueSource } from '../../packages/shared/src/i18n/catalogue.ts';
import { isSaid, sayingsOf } from '../../packages/shared/src/i18n/said.ts';

/** The query that asks for a catalogue module compiled: `…/frame/fr-CA.ts?compiled`. */
const compiledQuery = '?compiled';

/**
 * Compiles the catalogue's areas at build time (issue 30): a module imported with
 * `?compiled` (a language of an area, `packages/shared/src/i18n/catalogues/<area>/<language>.ts`)
 * becomes its texts already compiled into Lingui's arrays, so the browser loads one
 * area in one language as a small file of data and never the ICU parser
 * (@lingui/message-utils). A text that does not parse fails the build, naming its key.
 */
export function compiledCataloguePlugin(): Plugin {
  return {
    name: 'adboard:compiled-catalogue',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(compiledQuery)) return null;
      const file = id.slice(0, -compiledQuery.length);
      const { module, dependencies } = await runnerImport<{ default: CatalogueSource }>(file, {
        configFile: false,
        logLevel: 'silent',
      });
      for (const dependency of [file, ...dependencies]) this.addWatchFile(dependency);
      const compiled = JSON.stringify(compileArea(module.default));
      // JSON.parse of a string is quicker for the browser than the same object in code.
      return `export default JSON.parse(${JSON.stringify(compiled)});`;
    },
  };
}

/** An area's English module imported whole: `import en from './en.js'` (its name, its path). */
const englishImport = /import\s+(\w+)\s+from\s+'(\.{1,2}\/(?:[^']*\/)?en)\.js';/g;

/** An area's English module, by its path: `…/catalogues/<area>/en.ts`. */
const englishModule = /[\\/]catalogues[\\/][\w-]+[\\/]en\.ts$/;

/** An area's texts reduced to what `sayingsOf` reads of them (`englishShape`). */
export type Shape = string | { readonly [key: string]: Shape };

function shapeOf(sayings: unknown): Shape {
  if (typeof sayings === 'function') return '{value}';
  if (isSaid(sayings)) return '';
  return Object.fromEntries(
    Object.entries(sayings as Record<string, unknown>).map(([key, value]) => [key, shapeOf(value)]),
  );
}

/**
 * What `sayingsOf` reads of an area's English texts: their keys, and which texts have
 * placeholders (as said.ts tells them). Each text is '' or '{value}', so that
 * `sayingsOf(area, shape)` makes the same `Said` values (sayings-shape.test.ts).
 */
export function englishShape(source: CatalogueSource): Shape {
  return shapeOf(sayingsOf('shape', source));
}

/**
 * The shared package's named texts (`sayingsOf('answers', en)`: the areas' `Said`
 * values, which the app's schemas, errors and screens name) without their English words
 * in the browser (issue 30): the call reads an area's English module only for its keys
 * and which texts have placeholders, and the app says every text from the area's
 * compiled file in the reader's language. So at build time the call gets the module's
 * shape instead of the module, and the English texts stay out of the scripts (the
 * English module is still built where code uses it otherwise). Only a call of
 * `sayingsOf` with a name and an English module imported whole is changed; the `Said`
 * values are the same.
 */
export function sayingsShapePlugin(): Plugin {
  return {
    name: 'adboard:sayings-shape',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!/[\\/]packages[\\/]shared[\\/]src[\\/].*\.ts$/.test(id) || !code.includes('sayingsOf('))
        return null;
      let changed = code;
      for (const [, name, from] of code.matchAll(englishImport)) {
        const file = path.resolve(path.dirname(id), `${from}.ts`);
        if (!englishModule.test(file)) continue;
        const pattern = `sayingsOf\\(\\s*('[\\w-]+')\\s*,\\s*${name}\\s*\\)`;
        if (!new RegExp(pattern).test(changed)) continue;
        const { module, dependencies } = await runnerImport<{ default: CatalogueSource }>(file, {
          configFile: false,
          logLevel: 'silent',
        });
        for (const dependency of [file, ...dependencies]) this.addWatchFile(dependency);
        const shape = JSON.stringify(englishShape(module.default));
        changed = changed.replace(
          new RegExp(pattern, 'g'),
          (_, area: string) => `sayingsOf(${area}, ${shape})`,
        );
      }
      return changed === code ? null : { code: changed, map: null };
    },
  };
}
