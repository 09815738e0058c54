import { messagesByLanguage, type CatalogueArea } from '../../catalogue.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

export const durationsCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

/** A wait's words in a language (`durationText('es').minutes({ n: 3 })`). */
export const durationText = messagesByLanguage(durationsCatalogue);
