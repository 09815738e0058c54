import { runnerImport, type Plugin } from 'vite';
import { compileArea, type CatalogueSource } from '../../packages/shared/src/i18n/catalogue.ts';

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
