import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from './languages.js';
import {
  messagesFromCompiled,
  placeholderNames,
  type CatalogueSource,
  type CompiledArea,
  type Messages,
  type TranslationOf,
} from './runtime.js';

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

export type {
  CatalogueSource,
  CompiledArea,
  MessageValues,
  Messages,
  TranslationOf,
} from './runtime.js';
export { placeholderNames } from './runtime.js';

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

/** Compiles one text; a text that does not parse throws, naming its key. */
export function compileText(key: string, text: string): CompiledMessage {
  try {
    return compileMessageOrThrow(text);
  } catch (error) {
    throw new Error(`catalogue text ${key} does not parse: ${String(error)}`);
  }
}

/** An area's module in one language, compiled: the same keys, each text compiled. */
export function compileArea(source: CatalogueSource, prefix = ''): CompiledArea {
  return Object.fromEntries(
    Object.entries(source).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? compileText(`${prefix}${key}`, value)
        : compileArea(value, `${prefix}${key}.`),
    ]),
  );
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
  return messagesFromCompiled<Source>(compileArea(source), language);
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
