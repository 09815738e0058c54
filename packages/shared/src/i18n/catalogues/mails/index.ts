import type { CatalogueArea } from '../../catalogue.js';
import { sayingsOf } from '../../said.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

/** The mails of the accounts, the ads, moderation and the receipt. */
export const mailsCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

/** The mails' texts as named ones (`Said`), said in each reader's language. */
export const mailMessages = sayingsOf('mails', en);
