import { languageCatalogue } from './language/index.js';

/** Every area of the catalogue that speaks three languages, by name (catalogue.test.ts checks each). */
export const catalogueAreas = {
  language: languageCatalogue,
} as const;
