import { intlLocales, type Language } from './languages.js';

/**
 * The date formatter for `options` in each language, made on first use and kept: making
 * an `Intl` formatter loads its locale's data (tens of milliseconds on a phone), so none
 * is made before something is formatted. Imports no catalogue: the browser may use it.
 * `const medium = dateFormatsFor({ dateStyle: 'medium' }); medium('fr-CA').format(date)`.
 */
export function dateFormatsFor(
  options: Intl.DateTimeFormatOptions,
): (language: Language) => Intl.DateTimeFormat {
  const formats = new Map<Language, Intl.DateTimeFormat>();
  return (language) => {
    let format = formats.get(language);
    if (!format) {
      format = new Intl.DateTimeFormat(intlLocales[language], options);
      formats.set(language, format);
    }
    return format;
  };
}
