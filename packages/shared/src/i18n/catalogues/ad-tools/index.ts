import type { CatalogueArea } from '../../catalogue.js';
import { sayingsOf } from '../../said.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

/** The advertiser's tools (issue 29): pause, the start date, 'Available now', visits. */
export const adToolsCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

/** The tools' texts as named ones (`Said`), for errors and schemas. */
export const adToolMessages = sayingsOf('adTools', en);
