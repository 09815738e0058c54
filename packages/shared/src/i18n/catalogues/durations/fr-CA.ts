import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  seconds: '{n, plural, one {# seconde} other {# secondes}}',
  minutes: '{n, plural, one {# minute} other {# minutes}}',
  hours: '{n, plural, one {# heure} other {# heures}}',
  days: '{n, plural, one {# jour} other {# jours}}',
  months: '{n, plural, one {# mois} other {# mois}}',
} satisfies TranslationOf<typeof en>;
