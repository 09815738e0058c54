import { adOptionsCatalogue } from './ad-options/index.js';
import { frameCatalogue } from './frame/index.js';
import { languageCatalogue } from './language/index.js';
import { publicPagesCatalogue } from './public-pages/index.js';

/** Every area of the catalogue that speaks three languages, by name (catalogue.test.ts checks each). */
export const catalogueAreas = {
  adOptions: adOptionsCatalogue,
  frame: frameCatalogue,
  language: languageCatalogue,
  publicPages: publicPagesCatalogue,
} as const;

export { publicPageText } from './public-pages/index.js';
export { languageMenuText } from './language/index.js';
export { adOptionsEnglish, adOptionsText } from './ad-options/index.js';
