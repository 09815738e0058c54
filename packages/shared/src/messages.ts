import { waitUnit } from './i18n/wait.js';

/** A wait in English words, rounded up by the one rule (`waitUnit`): '8 minutes'. */
export function waitInWords(seconds: number): string {
  const { unit, n } = waitUnit(seconds);
  const word = unit.slice(0, -1);
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
