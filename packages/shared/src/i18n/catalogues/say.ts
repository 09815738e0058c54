import type { Language } from '../languages.js';
import { messagesByLanguage, type CatalogueArea, type CatalogueSource } from '../catalogue.js';
import { mapSayings, sayWith, textAt, type SayingsAs, type Text } from '../said.js';
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

/**
 * A group of named texts, nested, in `language`: each text its words, each text with
 * placeholders a function of their values (a test's English view of a group).
 */
export function sayAllIn<S extends object>(language: Language, sayings: S): SayingsAs<S, string> {
  return mapSayings(sayings, (said) => sayIn(language, said));
}
