import durations from './catalogues/durations/en.js';
import { sayingsOf, type Said } from './said.js';

/** The units a wait is said in. */
export type WaitUnit = 'seconds' | 'minutes' | 'hours';

/**
 * How a wait is said, rounded up as the rate limits count it: seconds under a minute,
 * minutes up to 90, then hours. The one rule for every language (the words are the
 * `durations` area's; English's own `waitInWords` for the server's English texts).
 */
export function waitUnit(seconds: number): { unit: WaitUnit; n: number } {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return { unit: 'seconds', n: whole };
  const minutes = Math.ceil(whole / 60);
  if (minutes <= 90) return { unit: 'minutes', n: minutes };
  return { unit: 'hours', n: Math.ceil(minutes / 60) };
}

/** A wait in words with a language's `durations` texts ('3 minutos'). */
export function waitWith(
  seconds: number,
  words: Readonly<Record<WaitUnit, (values: { n: number }) => string>>,
): string {
  const { unit, n } = waitUnit(seconds);
  return words[unit]({ n });
}

/** The durations' texts as named ones (no compiler: the web app imports this). */
const durationNames = sayingsOf('durations', durations);

/** A wait's words as a named text, said in the reader's language where it is shown. */
export function waitSaid(seconds: number): Said {
  const { unit, n } = waitUnit(seconds);
  return durationNames[unit]({ n });
}
