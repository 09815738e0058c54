import { I18n } from '@lingui/core';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { intlLocales, type Language } from './languages.js';

/*
 * The message catalogue in three languages (issue 30). An area of the catalogue is one
 * module per language (`catalogues/<area>/en.ts`, `fr-CA.ts`, `es.ts`), a nested object
 * whose leaves are ICU MessageFormat texts: `'{n, plural, one {# photo} other {# photos}}'`.
 * English is the source: its module fixes the keys (`as const`, so a text's placeholders
 * are in its type), and each translation `satisfies TranslationOf<typeof en>`, so a
 * missing or extra key does not compile. catalogue.test.ts checks what types cannot:
 * every text parses, and its placeholders are the English text's.
 *
 * Lingui's runtime (@lingui/core, about 2 KB) formats the texts, compiled once per
 * language into its arrays (@lingui/message-utils): plurals by each language's
 * Intl.PluralRules, numbers and dates by Intl in that language.
 */

/** A source text as English writes it, or a group of them. */
export interface CatalogueSource {
  readonly [key: string]: string | CatalogueSource;
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

/** An area's modules, one per language. */
export type CatalogueArea<Source extends CatalogueSource> = { readonly en: Source } & {
  readonly [L in Exclude<Language, 'en'>]: TranslationOf<Source>;
};

/** The leaves of a catalogue, by their dotted path ('search.heading'). */
export function catalogueLeaves(source: CatalogueSource, prefix = ''): [string, string][] {
  return Object.entries(source).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : catalogueLeaves(value, `${prefix}${key}.`),
  );
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

/** Compiles one text; a text that does not parse throws, naming its key. */
export function compileText(key: string, text: string): CompiledMessage {
  try {
    return compileMessageOrThrow(text);
  } catch (error) {
    throw new Error(`catalogue text ${key} does not parse: ${String(error)}`);
  }
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

/**
 * An area's texts in `language`: the same shape as the English source, each text with
 * placeholders a function of their values, each without one its text.
 */
export function messagesOf<Source extends CatalogueSource>(
  area: CatalogueArea<Source>,
  language: Language,
): Messages<Source> {
  const source: CatalogueSource = area[language];
  const leaves = catalogueLeaves(source);
  const compiled = Object.fromEntries(leaves.map(([key, text]) => [key, compileText(key, text)]));
  // Numbers inside texts ('{n, number}') as the language's Intl locale writes them.
  const locale = intlLocales[language];
  const i18n = new I18n({ locale, messages: { [locale]: compiled } });
  const build = (node: CatalogueSource, prefix: string): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        const id = `${prefix}${key}`;
        if (typeof value !== 'string') return [key, build(value, `${id}.`)];
        const takesValues = placeholderNames(compiled[id] ?? []).length > 0;
        return [
          key,
          takesValues ? (values: MessageValues) => format(i18n, id, values) : i18n._(id),
        ];
      }),
    );
  // The shape is the source's, built key by key above.
  return build(source, '') as Messages<Source>;
}

/**
 * What is wrong with an area's translations: a key English has and a language lacks
 * (or the reverse), a text that does not parse, or placeholders other than English's.
 * Empty when every language says every text with the same placeholders.
 */
export function catalogueProblems(area: Readonly<Record<Language, CatalogueSource>>): string[] {
  const parsed = (language: Language) => {
    const texts = new Map<string, string[] | null>();
    for (const [key, text] of catalogueLeaves(area[language])) {
      try {
        texts.set(key, placeholderNames(compileMessageOrThrow(text)));
      } catch {
        texts.set(key, null);
      }
    }
    return texts;
  };
  const english = parsed('en');
  const problems: string[] = [];
  for (const [key, names] of english) {
    if (names === null) problems.push(`en: ${key} does not parse`);
  }
  for (const language of Object.keys(area) as Language[]) {
    if (language === 'en') continue;
    const texts = parsed(language);
    for (const [key, names] of english) {
      const translated = texts.get(key);
      if (translated === undefined) problems.push(`${language}: ${key} is missing`);
      else if (translated === null) problems.push(`${language}: ${key} does not parse`);
      else if (names !== null && translated.join() !== names.join()) {
        problems.push(
          `${language}: ${key} has {${translated.join('}, {')}}, English {${names.join('}, {')}}`,
        );
      }
    }
    for (const key of texts.keys()) {
      if (!english.has(key)) problems.push(`${language}: ${key} is not in English`);
    }
  }
  return problems;
}

/** An area's texts per language, each language compiled once, when first asked for. */
export function messagesByLanguage<Source extends CatalogueSource>(
  area: CatalogueArea<Source>,
): (language: Language) => Messages<Source> {
  const compiled = new Map<Language, Messages<Source>>();
  return (language) => {
    let messages = compiled.get(language);
    if (!messages) {
      messages = messagesOf(area, language);
      compiled.set(language, messages);
    }
    return messages;
  };
}
