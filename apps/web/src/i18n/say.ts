import { fallbackLanguage, sayWith, textAt, type Language, type Text } from '@adboard/shared';
import type { TextAreaName } from '../routes/screen-table';
import { webAreas } from './areas';
import { readArea, readyArea, type WebArea } from './text-store';

/*
 * Texts named in the catalogue (`Said`: a schema's rule, an answer the app makes
 * itself), said in the app's language. A component says them with `useSay()` (which
 * waits for the area's file like `useText`); code outside a render (the API client)
 * with `sayNow`, in the language the app speaks now.
 */

/** The language the app speaks now, kept by the LanguageProvider for code outside a render. */
let appLanguage: Language = fallbackLanguage;

export function keepAppLanguage(language: Language): void {
  appLanguage = language;
}

export function appLanguageNow(): Language {
  return appLanguage;
}

/** The web area a named text's area is (the catalogue's 'adForm' is the app's 'ad-form'). */
function webAreaOf(area: string): WebArea<unknown> | undefined {
  const name = area.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return Object.hasOwn(webAreas, name) ? webAreas[name as TextAreaName] : undefined;
}

/** Says `text` in `language`, reading each area with `read`. */
function sayIn(
  text: Text,
  language: Language,
  read: (area: WebArea<unknown>, language: Language) => unknown,
): string {
  return sayWith(text, (area, key) => {
    const webArea = webAreaOf(area);
    return webArea ? textAt(read(webArea, language), key) : undefined;
  });
}

/** `text` in the app's language now, from the areas already loaded (the frame's are, from the start). */
export function sayNow(text: Text): string {
  return sayIn(text, appLanguage, readyArea);
}

/** `text` in `language`, for a render: suspends while a named text's area loads. */
export function sayFor(text: Text, language: Language): string {
  return sayIn(text, language, readArea);
}
