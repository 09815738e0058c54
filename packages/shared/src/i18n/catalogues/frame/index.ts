import type { CatalogueArea } from '../../catalogue.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

/** The frame's area: read by the web app, each language compiled into a file of its own. */
export const frameCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };
