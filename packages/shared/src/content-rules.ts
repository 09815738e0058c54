/**
 * Words an ad may not contain (SPEC.md: no explicit language). An ad that has
 * one is saved as written and flagged for moderators. Sites may extend the list
 * in the site registry. Words about minors are here on purpose: such ads must
 * never pass unseen.
 */
export const refusedWords: readonly string[] = [
  'anal',
  'bareback',
  'bbbj',
  'bbfs',
  'blowjob',
  'barely legal',
  'cum',
  'fuck',
  'full service',
  'greek',
  'lolita',
  'pussy',
  'schoolgirl',
  'sex for money',
  'underage',
  'young girl',
];

/** The refused words found in a text, matched as whole words, case-insensitive. */
export function findRefusedWords(text: string, words: readonly string[] = refusedWords): string[] {
  const lower = text.toLowerCase();
  return words.filter((word) => {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
    return new RegExp(`(^|[^a-z0-9])${escaped}($|[^a-z0-9])`, 'i').test(lower);
  });
}
