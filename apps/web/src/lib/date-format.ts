import { dateFormatsFor, type Language } from '@adboard/shared';

/**
 * A date formatter in the app's languages, each made on first use. Making an Intl
 * formatter loads the locale's data, which takes tens of milliseconds on a phone: made
 * as its file loads, it held up every screen that file comes with (the wizard's first
 * step paid for the verification slot's date), whether or not it formats anything.
 * Every date is written in a language: the app's (`useLanguage`), the console's English.
 */
export function dateFormat(
  options: Intl.DateTimeFormatOptions,
): (date: Date, language: Language) => string {
  const formats = dateFormatsFor(options);
  return (date, language) => formats(language).format(date);
}
