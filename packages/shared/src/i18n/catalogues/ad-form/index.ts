import type { CatalogueArea } from '../../catalogue.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

/** Read by the web app, each language a file of its own. */
export const adFormCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };
