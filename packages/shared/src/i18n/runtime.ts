import { I18n } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { intlLocales, type Language } from './languages.js';

/*
 * The catalogue's runtime (issue 30): an area's texts in one language from their
 * compiled form (Lingui's arrays), formatted by Lingui's runtime (@lingui/core, a few
 * KB) with each language's Intl.PluralRules, numbers and dates. No message compiler
 * here: the server compiles its areas when first asked (catalogue.ts); the web app's
 * build compiles each area in each language into a file of its own
 * (apps/web/catalogue-plugin.ts), so the browser never loads the parser.
 */

export type { CompiledMessage };

/** A source text as English writes it, or a group of them. */
export interface CatalogueSource {
  readonly [key: string]: string | CatalogueSource;
}

/** An area compiled: the source's keys, each leaf a compiled text. */
export interface CompiledArea {
  readonly [key: string]: CompiledMessage | CompiledArea;
}

/** A translation of `Source`: the same keys, any text at each leaf. */
export type TranslationOf<Source> = {
  readonly [K in keyof Source]: Source[K] extends string ? string : TranslationOf<Source[K]>;
};

/** What a text's placeholders take: a name, a number (plurals) or a date. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

/** A text with placeholders (`{name}`) is a function of them; a text without, the text. */
export type Messages<Source> = {
  readonly [K in keyof Source]: Source[K] extends `${string}{${string}}${string}`
    ? (values: MessageValues) => string
    : Source[K] extends string
      ? string
      : Messages<Source[K]>;
};

function isCompiledText(node: CompiledMessage | CompiledArea): node is CompiledMessage {
  return typeof node === 'string' || Array.isArray(node);
}

/** The names a compiled text's placeholders use, plurals' and selects' included. */
export function placeholderNames(message: CompiledMessage): string[] {
  const names = new Set<string>();
  // A message is text and parts; a part is [name], or [name, format, branches or style].
  const visitMessage = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) if (Array.isArray(part)) visitPart(part);
  };
  const visitPart = ([name, , options]: unknown[]): void => {
    // A plural's `#` is its number, not a placeholder of its own.
    if (typeof name === 'string' && name !== '#') names.add(name);
    if (options && typeof options === 'object' && !Array.isArray(options)) {
      for (const branch of Object.values(options)) visitMessage(branch);
    }
  };
  visitMessage(message);
  return [...names].sort();
}

/** Marks a value's place in a formatted text: private-use characters, never a backslash. */
const held = (index: number) => `\uE000${index}\uE001`;

/**
 * Formats a text with its values, each value printed as it is. Lingui's runtime decodes
 * `\u0041` and `\x41` escapes in the whole formatted text, values included, so a value
 * holding a backslash (an ad's title that reads `\u003cb\u003e`) would be printed
 * changed: such a value goes in as a marker and is put back after formatting.
 */
function format(i18n: I18n, id: string, values: MessageValues): string {
  const kept: string[] = [];
  const safe = Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value !== 'string' || !value.includes('\\')) return [name, value];
      kept.push(value);
      return [name, held(kept.length - 1)];
    }),
  );
  const text = i18n._(id, safe);
  return kept.reduce((out, value, index) => out.split(held(index)).join(value), text);
}

/** The compiled texts of an area by their dotted path ('search.heading'). */
function compiledLeaves(area: CompiledArea, prefix = ''): [string, CompiledMessage][] {
  return Object.entries(area).flatMap(([key, node]) =>
    isCompiledText(node)
      ? [[`${prefix}${key}`, node] as [string, CompiledMessage]]
      : compiledLeaves(node, `${prefix}${key}.`),
  );
}

/**
 * A compiled area's texts in `language`: the same shape as its English source, each
 * text with placeholders a function of their values, each without one its text.
 */
export function messagesFromCompiled<Source>(
  compiled: CompiledArea,
  language: Language,
): Messages<Source> {
  const leaves = Object.fromEntries(compiledLeaves(compiled));
  // Numbers inside texts ('{n, number}') as the language's Intl locale writes them.
  const locale = intlLocales[language];
  // Lingui's types name a compiled message's parts more loosely than the compiler writes them.
  const i18n = new I18n({ locale, messages: { [locale]: leaves as Record<string, never> } });
  const build = (node: CompiledArea, prefix: string): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        const id = `${prefix}${key}`;
        if (!isCompiledText(value)) return [key, build(value, `${id}.`)];
        const takesValues = placeholderNames(value).length > 0;
        return [
          key,
          takesValues ? (values: MessageValues) => format(i18n, id, values) : i18n._(id),
        ];
      }),
    );
  // The shape is the source's, built key by key above.
  return build(compiled, '') as Messages<Source>;
}
