import { messagesByLanguage, type CatalogueArea } from '../../catalogue.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

export const publicPagesCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

/** The public pages' texts in a language (`publicPageText('fr-CA').cityHeading({ city })`). */
export const publicPageText = messagesByLanguage(publicPagesCatalogue);
