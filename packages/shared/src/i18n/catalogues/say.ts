import type { Language } from '../languages.js';
import { messagesByLanguage, type CatalogueArea, type CatalogueSource } from '../catalogue.js';
import {
  isSaid,
  sayWith,
  textAt,
  type Said,
  type SaidValue,
  type Tags,
  type Text,
} from '../said.js';
import { catalogueAreas } from './index.js';

type AreaName = keyof typeof catalogueAreas;

const isAreaName = (name: string): name is AreaName => Object.hasOwn(catalogueAreas, name);

/** Each area's texts per language, compiled when first said. */
const areaTexts = new Map<AreaName, (language: Language) => unknown>();

function textsOf(name: AreaName, language: Language): unknown {
  let texts = areaTexts.get(name);
  if (!texts) {
    const area: CatalogueArea<CatalogueSource> = catalogueAreas[name];
    texts = messagesByLanguage(area);
    areaTexts.set(name, texts);
  }
  return texts(language);
}

/**
 * A text in `language`: a named one (`Said`, or a schema's tagged message) from the
 * catalogue, plain words as they are. The server's one way to say an answer.
 */
export function sayIn(language: Language, text: Text): string {
  return sayWith(text, (area, key) =>
    isAreaName(area) ? textAt(textsOf(area, language), key) : undefined,
  );
}

/** Each text of a group of named ones in `language`, by the same keys. */
export function sayEachIn<K extends string>(
  language: Language,
  group: Readonly<Record<K, Said>>,
): Record<K, string> {
  return Object.fromEntries(
    Object.entries<Said>(group).map(([key, said]) => [key, sayIn(language, said)]),
  ) as Record<K, string>;
}

/**
 * A group of named texts, nested, in `language`: each text its words, each text with
 * placeholders a function of their values (a test's English view of a group).
 */
export function sayAllIn<S extends object>(language: Language, sayings: S): Tags<S> {
  return Object.fromEntries(
    Object.entries(sayings).map(([key, value]: [string, unknown]) => {
      if (isSaid(value)) return [key, sayIn(language, value)];
      if (typeof value === 'function') {
        const named = value as (values: Readonly<Record<string, SaidValue>>) => Said;
        return [
          key,
          (values: Readonly<Record<string, SaidValue>>) => sayIn(language, named(values)),
        ];
      }
      return [key, sayAllIn(language, value as object)];
    }),
  ) as Tags<S>;
}
