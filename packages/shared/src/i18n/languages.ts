/**
 * The site's languages (issue 30) and how one is chosen for a reader: the one rule the
 * server (pages, mails, API errors) and the browser (the app's screens) both ask.
 */

/** English (the spec's wording), Canadian French and neutral Latin-American Spanish. */
export const languages = ['en', 'fr-CA', 'es'] as const;
export type Language = (typeof languages)[number];

/**
 * The locale `Intl` formats each language's numbers, money, dates and times in: Spanish
 * as Latin America writes it ('USD 1,200.50', '9:30 p.m.'), not Spain.
 */
export const intlLocales: Readonly<Record<Language, string>> = {
  en: 'en-US',
  'fr-CA': 'fr-CA',
  es: 'es-419',
};

/** What a brand speaks when nothing else says (a brand's own default may differ). */
export const fallbackLanguage: Language = 'en';

/** Each language by its own name, as the language menu lists it whatever the page's language. */
export const languageNames: Readonly<Record<Language, string>> = {
  en: 'English',
  'fr-CA': 'Français',
  es: 'Español',
};

/** The path prefix of a language's public pages (`/fr/`, `/es/`, `/en/`). */
export const languagePrefixes: Readonly<Record<Language, string>> = {
  en: 'en',
  'fr-CA': 'fr',
  es: 'es',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && languages.some((language) => language === value);
}

/** The language of a path prefix ('fr' → 'fr-CA'), or null for any other segment. */
export function languageOfPrefix(segment: string): Language | null {
  return languages.find((language) => languagePrefixes[language] === segment) ?? null;
}

/** One of the three for a language tag: any French is Canadian French, any Spanish is es. */
function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split('-')[0];
  if (primary === 'fr') return 'fr-CA';
  if (primary === 'es') return 'es';
  if (primary === 'en') return 'en';
  return null;
}

/** At most this many ranges of a header are read: a longer one is a stranger's probe. */
const acceptRangesMax = 20;

/**
 * The reader's first choice among the three in an `Accept-Language` header, by its
 * q-values (ties in the header's order, q=0 refused), or null when it names none of
 * them ('*' and 'de' say nothing here).
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .slice(0, acceptRangesMax)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)).find(Boolean);
      return { language: languageOfTag(tag), q: q?.[1] === undefined ? 1 : Number(q[1]), index };
    })
    .filter((range) => range.language !== null && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges[0]?.language ?? null;
}

/** The language a city speaks first, if it has one: every Quebec city speaks French. */
export function cityLanguage(city: { country: string; region: string }): Language | null {
  return city.country === 'CA' && city.region === 'QC' ? 'fr-CA' : null;
}

/** Everything that may choose a reader's language, strongest first (see resolveLanguage). */
export interface LanguageSources {
  /** The language of the address itself (a public page's `/fr/` prefix). */
  path?: Language | null | undefined;
  /** The reader's own choice in the language menu (a cookie), if it names one of the three. */
  chosen?: string | null | undefined;
  /** A signed-in advertiser's language, kept on the account. */
  account?: Language | null | undefined;
  /** The city's own language (Quebec's cities), for its pages. */
  city?: Language | null | undefined;
  /** The browser's `Accept-Language`. */
  acceptLanguage?: string | null | undefined;
  /** The brand's default: what is left when nothing else has chosen. */
  brand: Language;
}

/**
 * The reader's language: the address's, else the one they chose, else their account's,
 * else the city's (French first on Quebec's pages), else their browser's first choice
 * among the three, else the brand's.
 */
export function resolveLanguage(sources: LanguageSources): Language {
  return (
    sources.path ??
    (isLanguage(sources.chosen) ? sources.chosen : null) ??
    sources.account ??
    sources.city ??
    languageFromAcceptLanguage(sources.acceptLanguage) ??
    sources.brand
  );
}

/**
 * The language a mail or SMS is written in (issue 30): its recipient's account's (the one
 * it registered in, then the menu's last choice while signed in), else the one the ad
 * was posted in (a poster without an account), else the brand's.
 */
export function recipientLanguage(sources: {
  account?: Language | null | undefined;
  ad?: Language | null | undefined;
  brand: Language;
}): Language {
  return sources.account ?? sources.ad ?? sources.brand;
}

/**
 * The cookie that keeps a reader's choice from the language menu (the public pages and
 * the app): its value is one of the three. Not a secret, so the app may read it too.
 */
export const languageCookie = 'lang';

/** A year: the choice is kept until the reader makes another. */
export const languageCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** The language a `Cookie` header's choice names, or null (none, or not one of the three). */
export function languageOfCookieHeader(header: string | null | undefined): Language | null {
  if (!header) return null;
  for (const part of header.split(';', 50)) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== languageCookie) continue;
    const value = part.slice(at + 1).trim();
    return isLanguage(value) ? value : null;
  }
  return null;
}
