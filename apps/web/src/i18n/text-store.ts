import {
  messagesFromCompiled,
  type CompiledArea,
  type Language,
  type Messages,
} from '@adboard/shared';
import type { TextAreaName } from '../routes/screen-table';

/**
 * Every area's file in every language, compiled at build time (`?compiled`,
 * catalogue-plugin.ts), each a file of its own loaded when asked for. Only the areas the
 * app reads (screen-table.ts's TextAreaName) are listed, so no other area is built in.
 */
const compiledFiles = import.meta.glob<CompiledArea>(
  '../../../../packages/shared/src/i18n/catalogues/{frame,language,auth-screens,app-screens,door,ad-stats,journey,durations,ad-form,answers,ad-tools,lifecycle,ads,photos,payments,account,second-step,ad-options}/{en,fr-CA,es}.ts',
  { query: '?compiled', import: 'default' },
);

/** The loader of an area's file in a language (a build without it is a bug: it throws). */
function fileOf(name: TextAreaName, language: Language): () => Promise<CompiledArea> {
  const load =
    compiledFiles[`../../../../packages/shared/src/i18n/catalogues/${name}/${language}.ts`];
  if (!load) throw new Error(`the catalogue area ${name} has no ${language} file`);
  return load;
}

/**
 * An area of the catalogue as the web app reads it, by its name (its folder under
 * packages/shared/src/i18n/catalogues). `Source` is the English module's type, which
 * gives the texts their shape.
 */
export interface WebArea<Source> {
  readonly name: TextAreaName;
  /** Only carries the type: never set. */
  readonly source?: Source;
}

export function defineArea<Source>(name: TextAreaName): WebArea<Source> {
  return { name };
}

type Entry =
  | { state: 'loading'; promise: Promise<unknown> }
  | { state: 'ready'; messages: unknown }
  | { state: 'failed'; error: unknown };

/** Each area's texts by area and language, loaded once for the page's life. */
const entries = new Map<string, Entry>();
const entryKey = (area: WebArea<unknown>, language: Language) => `${area.name}:${language}`;

/** Loads an area's texts in a language (once); resolves when they are there. */
export function loadArea<Source>(
  area: WebArea<Source>,
  language: Language,
): Promise<Messages<Source>> {
  const key = entryKey(area, language);
  const entry = entries.get(key);
  if (entry?.state === 'ready') return Promise.resolve(entry.messages as Messages<Source>);
  if (entry?.state === 'loading') return entry.promise as Promise<Messages<Source>>;
  const promise = fileOf(area.name, language)().then(
    (file) => {
      const messages = messagesFromCompiled<Source>(file, language);
      entries.set(key, { state: 'ready', messages });
      return messages;
    },
    (error: unknown) => {
      // Drawn again, the area asks again (a network blip is not the end of the page).
      entries.set(key, { state: 'failed', error });
      throw error;
    },
  );
  entries.set(key, { state: 'loading', promise });
  return promise;
}

/**
 * An area's texts in a language, for a render: the texts when loaded, else it suspends
 * (throws the loading promise, for the nearest Suspense) until they are; a failed load
 * throws its error to the nearest error boundary, and is asked again next time.
 */
export function readArea<Source>(area: WebArea<Source>, language: Language): Messages<Source> {
  const entry = entries.get(entryKey(area, language));
  if (entry?.state === 'ready') return entry.messages as Messages<Source>;
  if (entry?.state === 'failed') {
    entries.delete(entryKey(area, language));
    throw entry.error;
  }
  throw entry?.promise ?? loadArea(area, language);
}

/** An area's texts in a language if they are loaded, else undefined (never waits). */
export function readyArea<Source>(
  area: WebArea<Source>,
  language: Language,
): Messages<Source> | undefined {
  const entry = entries.get(entryKey(area, language));
  return entry?.state === 'ready' ? (entry.messages as Messages<Source>) : undefined;
}

/** The areas this page has read in `from`, loaded in `to`: a switch then draws at once. */
export function loadAreasLike(from: Language, to: Language, areas: readonly WebArea<unknown>[]) {
  const used = areas.filter((area) => entries.get(entryKey(area, from))?.state === 'ready');
  return Promise.all(used.map((area) => loadArea(area, to)));
}

/** The texts of an area, as `useText(area)` gives them. */
export type TextOf<Area> = Area extends WebArea<infer Source> ? Messages<Source> : never;
