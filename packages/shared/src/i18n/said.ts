import type { CatalogueSource } from './runtime.js';

/*
 * A text named, not written (issue 30): the server's errors and the schemas' rules say
 * which catalogue text they mean (its area, its dotted key, its values) and whoever
 * shows it says it in the reader's language: the server's error handler in the
 * request's, the web app's forms in the app's. A value may itself be a `Said` (a wait
 * in words inside a refusal), said in the same language.
 */

/** What a placeholder of a named text takes: a name, a number, or another named text. */
export type SaidValue = string | number | Said;

export interface Said {
  /** The area's name in the catalogue (`catalogueAreas`' key: 'answers'). */
  readonly area: string;
  /** The text's dotted key in the area ('auth.invalidCredentials'). */
  readonly key: string;
  readonly values?: Readonly<Record<string, SaidValue>>;
}

/** A text to show: already words (a plain string), or named in the catalogue. */
export type Text = string | Said;

/** An area's texts as `Said` values: a text with placeholders a function of them. */
export type Sayings<Source> = {
  readonly [K in keyof Source]: Source[K] extends `${string}{${string}}${string}`
    ? (values: Readonly<Record<string, SaidValue>>) => Said
    : Source[K] extends string
      ? Said
      : Sayings<Source[K]>;
};

/** Whether an English text has placeholders (the same test as the `Messages` type's). */
const hasPlaceholders = (text: string) => /\{[^}]*\}/.test(text);

/** The `Said` values of an area's English source, with the same shape as its texts. */
export function sayingsOf<Source extends CatalogueSource>(
  area: string,
  source: Source,
  prefix = '',
): Sayings<Source> {
  return Object.fromEntries(
    Object.entries(source).map(([name, value]) => {
      const key = `${prefix}${name}`;
      if (typeof value !== 'string') return [name, sayingsOf(area, value, `${key}.`)];
      return [
        name,
        hasPlaceholders(value)
          ? (values: Readonly<Record<string, SaidValue>>): Said => ({ area, key, values })
          : { area, key },
      ];
    }),
  ) as Sayings<Source>;
}

export function isSaid(value: unknown): value is Said {
  if (typeof value !== 'object' || value === null) return false;
  const { area, key, values } = value as Record<string, unknown>;
  return (
    typeof area === 'string' &&
    typeof key === 'string' &&
    (values === undefined || (typeof values === 'object' && values !== null))
  );
}

/**
 * Marks a tagged text: an invisible separator no catalogue text or person's input
 * starts with (a control character would be refused by the schemas first).
 */
const tagMark = '\u2063said\u2063';

/**
 * A `Said` as a string, for where only a string fits (a zod schema's message): the
 * server's validation and the web's forms say it; anything else shows it as unknown.
 */
export function sayTag(said: Said): string {
  return `${tagMark}${JSON.stringify(said)}`;
}

/** The `Said` a tagged string carries, or null for plain words. */
export function saidOfTag(text: string): Said | null {
  if (!text.startsWith(tagMark)) return null;
  try {
    const said: unknown = JSON.parse(text.slice(tagMark.length));
    return isSaid(said) ? said : null;
  } catch {
    return null;
  }
}

/** A text as named, whether a `Said`, a tagged string or plain words (then null). */
export function saidOf(text: Text): Said | null {
  return typeof text === 'string' ? saidOfTag(text) : text;
}

/** What a text of an area is in some language: words, or a function of its values. */
export type SaidText = string | ((values: Readonly<Record<string, string | number>>) => string);

/**
 * Says `text` with `textOf`, which finds a named text in the reader's language (the
 * server's catalogue, the web app's loaded areas). Plain words are said as they are; a
 * name no area has is said as its key, so a missing text shows where, never crashes.
 */
export function sayWith(
  text: Text,
  textOf: (area: string, key: string) => SaidText | undefined,
): string {
  const said = saidOf(text);
  if (!said) return text as string;
  const found = textOf(said.area, said.key);
  if (found === undefined) return `${said.area}.${said.key}`;
  if (typeof found === 'string') return found;
  const values = Object.fromEntries(
    Object.entries(said.values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' ? sayWith(value, textOf) : value,
    ]),
  );
  return found(values);
}

/** The text at `key` (dots) in an area's texts, if it is one. */
export function textAt(texts: unknown, key: string): SaidText | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' || typeof node === 'function' ? (node as SaidText) : undefined;
}

/**
 * A group of named texts with each text turned into an `R`, by the same keys: a text
 * with placeholders a function of their values giving its `R`.
 */
export type SayingsAs<S, R> = {
  readonly [K in keyof S]: S[K] extends Said
    ? R
    : S[K] extends (values: infer V) => Said
      ? (values: V) => R
      : SayingsAs<S[K], R>;
};

/**
 * Walks a group of named texts (a `Sayings`, or part of one), nested, turning each text
 * into `each(said)`; a text with placeholders becomes a function of their values.
 */
export function mapSayings<S extends object, R>(
  sayings: S,
  each: (said: Said) => R,
): SayingsAs<S, R> {
  return Object.fromEntries(
    Object.entries(sayings).map(([key, value]: [string, unknown]) => {
      if (isSaid(value)) return [key, each(value)];
      if (typeof value === 'function') {
        const named = value as (values: Readonly<Record<string, SaidValue>>) => Said;
        return [key, (values: Readonly<Record<string, SaidValue>>) => each(named(values))];
      }
      return [key, mapSayings(value as object, each)];
    }),
  ) as SayingsAs<S, R>;
}

/** A group of named texts as tagged strings (`sayTag`), for a schema's messages. */
export type Tags<S> = SayingsAs<S, string>;

/** Each named text of a group as its tagged string: `tagsOf(adMessages.form).required`. */
export function tagsOf<S extends object>(sayings: S): Tags<S> {
  return mapSayings(sayings, sayTag);
}
