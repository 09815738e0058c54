import type { CatalogueArea } from '../../catalogue.js';
import { sayingsOf } from '../../said.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

/** The sign-in's second step (issue 27): read by the web app, each language a file of its own. */
export const secondStepCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

/** The second step's texts as named ones (`Said`); the account's (accountMessages) include them. */
export const secondStepMessages = sayingsOf('secondStep', en);
