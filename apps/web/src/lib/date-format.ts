import { intlLocales, type Language } from '@adboard/shared';

/**
 * A date formatter in the app's languages, each made on first use. Making an Intl
 * formatter loads the locale's data, which takes tens of milliseconds on a phone: made
 * as its file loads, it held up every screen that file comes with (the wizard's first
 * step paid for the verification slot's date), whether or not it formats anything.
 * Screens not yet in three languages ask in English, the default.
 */
export function dateFormat(
  options: Intl.DateTimeFormatOptions,
): (date: Date, language?: Language) => string {
  const formats = new Map<Language, Intl.DateTimeFormat>();
  return (date, language = 'en') => {
    let format = formats.get(language);
    if (!format) {
      format = new Intl.DateTimeFormat(intlLocales[language], options);
      formats.set(language, format);
    }
    return format.format(date);
  };
}
