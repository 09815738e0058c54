import { messagesByLanguage, type CatalogueArea } from '../../catalogue.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

export const languageCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

/** The language menu's texts in a language (`languageMenuText('es').menuLabel`). */
export const languageMenuText = messagesByLanguage(languageCatalogue);
