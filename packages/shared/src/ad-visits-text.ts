import { dateFormatsFor } from './i18n/date-formats.js';
import type { Language } from './i18n/languages.js';

/** How a visit's days read ('Dec 12–15', 'Dec 30–Jan 2', 'Dec 12'): UTC calendar days. */
const dayOfMonth = new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: 'UTC' });
const monthAndDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

const rangeFormats = dateFormatsFor({ month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A visit's days in `language` (default English, as above); the others as `Intl` writes
 * a range there ('12 – 15 déc.', '12 – 15 de dic').
 */
export function visitDaysText(from: string, to: string, language: Language = 'en'): string {
  if (language !== 'en') return rangeFormats(language).formatRange(dayOf(from), dayOf(to));
  const first = monthAndDay.format(dayOf(from));
  if (from === to) return first;
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  const last = sameMonth ? dayOfMonth.format(dayOf(to)) : monthAndDay.format(dayOf(to));
  return `${first}\u2013${last}`;
}
