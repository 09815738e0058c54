import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  menuLabel: 'Langue',
  switched: 'Le site est maintenant en français.',
} satisfies TranslationOf<typeof en>;
