import {
  messagesFromCompiled,
  type CompiledArea,
  type Language,
  type Messages,
} from '@adboard/shared';

type Loader = () => Promise<{ default: CompiledArea }>;

/**
 * An area of the catalogue as the web app reads it: its name and, per language, the
 * file its texts come in (compiled at build time: catalogue-plugin.ts). `Source` is the
 * English module's type, which gives the texts their shape.
 */
export interface WebArea<Source> {
  readonly name: string;
  readonly files: Readonly<Record<Language, Loader>>;
  /** Only carries the type: never set. */
  readonly source?: Source;
}

export function defineArea<Source>(
  name: string,
  files: Readonly<Record<Language, Loader>>,
): WebArea<Source> {
  return { name, files };
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
  const promise = area.files[language]().then(
    (file) => {
      const messages = messagesFromCompiled<Source>(file.default, language);
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

/** The areas this page has read in `from`, loaded in `to`: a switch then draws at once. */
export function loadAreasLike(from: Language, to: Language, areas: readonly WebArea<unknown>[]) {
  const used = areas.filter((area) => entries.get(entryKey(area, from))?.state === 'ready');
  return Promise.all(used.map((area) => loadArea(area, to)));
}

/** The texts of an area, as `useText(area)` gives them. */
export type TextOf<Area> = Area extends WebArea<infer Source> ? Messages<Source> : never;
