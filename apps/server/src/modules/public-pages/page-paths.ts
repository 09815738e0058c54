import { languagePrefixes, languages, type Language } from '@adboard/shared';

/**
 * The public pages' addresses per language (issue 30, docs/decisions.md): each page is
 * at its path under the language's prefix (`/fr/ads/details/7`, `/es/?page=2`), its
 * canonical address in that language; the path without a prefix answers the reader's
 * language. Every link a page prints keeps the page's language.
 */

/** `path` (from '/', its query included) under the language's prefix: '/fr' + '/?page=2'. */
export function pagePath(language: Language, path: string): string {
  return `/${languagePrefixes[language]}${path}`;
}

/** The prefixes that route to a language (`/en`, `/fr`, `/es`), each with its language. */
export const pagePrefixes: readonly { prefix: string; language: Language }[] = languages.map(
  (language) => ({ prefix: `/${languagePrefixes[language]}`, language }),
);

/** Longer than any page's address with its filters: a longer `next` is not one of ours. */
const NEXT_PATH_MAX = 2_000;

/**
 * A page's path the language menu may send a reader back to: one of this host's own
 * paths (starting with a single '/', no backslash or control character, so never
 * another site), else the city page.
 */
export function safePagePath(next: unknown): string {
  if (typeof next !== 'string' || next.length > NEXT_PATH_MAX) return '/';
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (!/^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/.test(next)) return '/';
  return next;
}

/** The language menu's link: chooses `language` (a cookie) and goes to `path` in it. */
export function chooseLanguagePath(language: Language, path: string): string {
  return `/language/${languagePrefixes[language]}?next=${encodeURIComponent(path)}`;
}
