import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  menuLabel: 'Idioma',
  switched: 'El sitio ahora está en español.',
} satisfies TranslationOf<typeof en>;
