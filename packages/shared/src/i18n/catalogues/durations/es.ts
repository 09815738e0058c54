import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  seconds: '{n, plural, one {# segundo} other {# segundos}}',
  minutes: '{n, plural, one {# minuto} other {# minutos}}',
  hours: '{n, plural, one {# hora} other {# horas}}',
  days: '{n, plural, one {# día} other {# días}}',
  months: '{n, plural, one {# mes} other {# meses}}',
} satisfies TranslationOf<typeof en>;
