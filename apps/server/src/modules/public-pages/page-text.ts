import {
  durationText,
  dateFormatsFor,
  publicPageText,
  waitWith,
  type Language,
} from '@adboard/shared';

/*
 * Formats of the public pages: when an ad was posted, phone numbers, initials and
 * snippets. Their texts are the catalogue's (`publicPageText`, issue 30).
 */

const DAY_MS = 86_400_000;

const dayFormats = dateFormatsFor({ dateStyle: 'medium', timeZone: 'UTC' });

/** 'Nov 27, 2026' (UTC) in the reader's language: the same bytes all day long, so an ETag holds. */
export function readableDay(date: Date, language: Language): string {
  return dayFormats(language).format(date);
}

/**
 * 'Posted today', 'Posted yesterday', 'Posted 3 days ago' within a week, then the day
 * itself. Counted in whole UTC days, so the words change once a day.
 */
export function postedText(date: Date, now: Date, language: Language): string {
  const m = publicPageText(language).posted;
  const days = Math.floor(now.getTime() / DAY_MS) - Math.floor(date.getTime() / DAY_MS);
  if (days <= 0) return m.today;
  if (days === 1) return m.yesterday;
  if (days < 7) return m.daysAgo({ n: days });
  return m.on({ date: readableDay(date, language) });
}

/** A wait in words ('3 minutes') in the reader's language, by the one rule (`waitUnit`). */
export function waitText(seconds: number, language: Language): string {
  return waitWith(seconds, durationText(language));
}

/** `<time datetime>`: the day, for machines (the text a reader sees is never ISO). */
export function machineDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const NANP = /^\+1(\d{3})(\d{3})(\d{4})$/;

/** What a tel: or sms: link dials: the E.164 form when known, else the digits typed. */
export function dialNumber(phone: string, e164: string | null): string {
  return e164 ? e164 : phone.replace(/[^\d+]/g, '');
}

/** The phone as a reader reads it: (702) 208-4567 for a North American number. */
export function readablePhone(phone: string, e164: string | null): string {
  const nanp = e164 ? NANP.exec(e164) : null;
  if (nanp) return `(${nanp[1]}) ${nanp[2]}-${nanp[3]}`;
  return e164 || phone;
}

/** The letter of a card without a public photo: the title's first letter or digit. */
export function initialOf(title: string): string {
  const match = /[\p{L}\p{N}]/u.exec(title);
  return match ? match[0].toLocaleUpperCase('en-US') : '?';
}

const EMAIL_LIKE = /\S+@\S+/g;
const PHONE_LIKE = /\+?\d[\d\s().-]{5,}\d/g;

/** Text for search snippets and link previews: never an email address or a phone number. */
export function withoutContacts(text: string): string {
  return text.replace(EMAIL_LIKE, '').replace(PHONE_LIKE, '').replace(/\s+/g, ' ').trim();
}

/**
 * What a stored choice reads as in the reader's words (`adOptionsText(language).ethnicity`),
 * or null when it is empty or not one the list knows.
 */
export function optionWord(
  words: Readonly<Record<string, string>>,
  value: string | null,
): string | null {
  if (!value || !Object.hasOwn(words, value)) return null;
  return words[value] ?? null;
}
