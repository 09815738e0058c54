import type frame from '@adboard/shared/catalogues/frame/en.ts';
import type language from '@adboard/shared/catalogues/language/en.ts';
import { defineArea, type WebArea } from './text-store';

/*
 * The catalogue's areas the web app reads, each language a file of its own compiled at
 * build time (catalogue-plugin.ts): a screen loads only its areas, in its language.
 */

/** The frame and its site menu: loaded before the first screen is drawn (start.tsx). */
export const frameText = defineArea<typeof frame>('frame', {
  en: () => import('@adboard/shared/catalogues/frame/en.ts?compiled'),
  'fr-CA': () => import('@adboard/shared/catalogues/frame/fr-CA.ts?compiled'),
  es: () => import('@adboard/shared/catalogues/frame/es.ts?compiled'),
});

/** The language menu (the frame's, and the public pages'). */
export const languageText = defineArea<typeof language>('language', {
  en: () => import('@adboard/shared/catalogues/language/en.ts?compiled'),
  'fr-CA': () => import('@adboard/shared/catalogues/language/fr-CA.ts?compiled'),
  es: () => import('@adboard/shared/catalogues/language/es.ts?compiled'),
});

/** Every area the app reads: a switch of language loads those the page has shown. */
export const webAreas: readonly WebArea<unknown>[] = [frameText, languageText];

/** The areas the frame draws with: there before the first paint. */
export const frameAreas: readonly WebArea<unknown>[] = [frameText, languageText];
