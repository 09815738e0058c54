/**
 * A date formatter of the app's locale, made on first use. Making an Intl formatter
 * loads the locale's data, which takes tens of milliseconds on a phone: made as its
 * file loads, it held up every screen that file comes with (the wizard's first step
 * paid for the verification slot's date), whether or not it formats anything.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat('en-US', options);
    return format.format(date);
  };
}
