import {
  languageCookie,
  languageCookieMaxAgeSeconds,
  languageOfCookieHeader,
  resolveLanguage,
  type Language,
  type Messages,
  type Text,
} from '@adboard/shared';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { allTextAreas, areasNamed } from './areas';
import { appLanguageNow, keepAppLanguage, sayFor } from './say';
import { loadArea, loadAreasLike, readArea, type WebArea } from './text-store';

/** How long after the first paint the language's other areas start loading. */
const backgroundLoadDelayMs = 2000;

interface LanguageChoice {
  /** The language the app speaks now. */
  language: Language;
  /** Switches the app to `next` once its texts are loaded, and keeps the choice. */
  choose: (next: Language) => Promise<void>;
}

/**
 * The app's language (issue 30). Outside a provider (a component's test), English.
 */
const LanguageContext = createContext<LanguageChoice | null>(null);

/** Nothing to choose outside a provider. */
const noChoice = () => Promise.resolve();

/**
 * The language the app opens in, by the rule the server's pages follow
 * (resolveLanguage): the menu's choice (the `lang` cookie the public pages share),
 * else the browser's languages, else the brand's.
 */
export function startLanguage(brand: Language): Language {
  return resolveLanguage({
    chosen: languageOfCookieHeader(document.cookie),
    acceptLanguage: navigator.languages.join(','),
    brand,
  });
}

/** Keeps a choice for a year, for the app and the public pages alike. */
function keepChoice(language: Language): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${languageCookie}=${language}; Path=/; Max-Age=${languageCookieMaxAgeSeconds}; SameSite=Lax${secure}`;
}

export function LanguageProvider({ brand, children }: { brand: Language; children: ReactNode }) {
  const [language, setLanguage] = useState(() => {
    // Known to the API client before any call: its Accept-Language and its own answers.
    const start = startLanguage(brand);
    keepAppLanguage(start);
    return start;
  });

  // With the screen's words, in the same commit: a reader never has French under lang=en.
  useLayoutEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  // The language's other areas, once the screen is drawn: a later view then never waits.
  useEffect(() => {
    const later = setTimeout(() => {
      for (const area of areasNamed(allTextAreas)) loadArea(area, language).catch(() => undefined);
    }, backgroundLoadDelayMs);
    return () => clearTimeout(later);
  }, [language]);

  const choose = useCallback(
    async (next: Language) => {
      keepChoice(next);
      // The texts on screen come in the new language before it is drawn: no flash.
      await loadAreasLike(language, next, areasNamed(allTextAreas)).catch(() => undefined);
      keepAppLanguage(next);
      setLanguage(next);
    },
    [language],
  );
  const value = useMemo(() => ({ language, choose }), [language, choose]);
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

/**
 * The app's language. Outside a provider (the site's gate, drawn before the site and
 * its language are known; a component's test) the language the app starts in
 * (start.tsx keeps it before the first render), else English.
 */
export function useLanguage(): LanguageChoice {
  return useContext(LanguageContext) ?? { language: appLanguageNow(), choose: noChoice };
}

/** Says a text named in the catalogue (a schema's rule) in the app's language; plain words as they are. */
export function useSay(): (text: Text) => string {
  const { language } = useLanguage();
  return useCallback((text: Text) => sayFor(text, language), [language]);
}

/** An area's texts in the app's language (suspends while its file loads). */
export function useText<Source>(area: WebArea<Source>): Messages<Source> {
  return readArea(area, useLanguage().language);
}
