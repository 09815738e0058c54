import type { CatalogueArea } from '../../catalogue.js';
import { sayingsOf } from '../../said.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

/** The answers' area: said by the server in the request's language, read by the web app. */
export const answersCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

/** The answers as `Said` values, for errors and schemas (`answers.auth.invalidCredentials`). */
export const answers = sayingsOf('answers', en);
