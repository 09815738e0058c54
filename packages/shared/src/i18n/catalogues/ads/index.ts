import type { CatalogueArea } from '../../catalogue.js';
import { sayingsOf } from '../../said.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

/** The ads' words: the ad form's rules, the wizard, My Posts' cards, verification. */
export const adsCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

/** The ads' texts as named ones (`Said`), for errors, schemas and the screens' own. */
export const adMessages = sayingsOf('ads', en);

/** How old a draft is, as `draftAge` says it: less than a minute, else whole minutes, hours or days. */
export function draftAgeValues(seconds: number): {
  unit: 'now' | 'minutes' | 'hours' | 'days';
  n: number;
} {
  if (seconds < 60) return { unit: 'now', n: 0 };
  if (seconds < 3600) return { unit: 'minutes', n: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hours', n: Math.floor(seconds / 3600) };
  return { unit: 'days', n: Math.floor(seconds / 86_400) };
}
