import type { CatalogueArea } from '../../catalogue.js';
import { sayingsOf } from '../../said.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

/** The payment view, featuring an ad, the refund's form and mail. */
export const paymentsCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

/** The payments' texts as named ones (`Said`). */
export const paymentMessages = sayingsOf('payments', en);
