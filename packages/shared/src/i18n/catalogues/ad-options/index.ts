import { messagesByLanguage, type CatalogueArea } from '../../catalogue.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

export const adOptionsCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

/** The English words of an ad's fields, plain (the app's English lists are built from them). */
export const adOptionsEnglish = en;

/** An ad's fields' words in a language (`adOptionsText('es').ethnicity.asian`). */
export const adOptionsText = messagesByLanguage(adOptionsCatalogue);
