import { describe, expect, it } from 'vitest';
import {
  cityLanguage,
  languageFromAcceptLanguage,
  languageOfCookieHeader,
  languageOfPrefix,
  recipientLanguage,
  resolveLanguage,
} from './languages.js';

describe('choosing a language', () => {
  it("reads a browser's first choice among the three by its q-values", () => {
    expect(languageFromAcceptLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr-CA');
    expect(languageFromAcceptLanguage('de-DE, es-MX;q=0.7, en;q=0.5')).toBe('es');
    expect(languageFromAcceptLanguage('en;q=0.4, fr-CA;q=0.6')).toBe('fr-CA');
    expect(languageFromAcceptLanguage('es;q=0.5, en;q=0.5')).toBe('es');
    expect(languageFromAcceptLanguage('EN-us')).toBe('en');
  });

  it('takes no language from a header that names none of the three, refuses one, or is junk', () => {
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
    expect(languageFromAcceptLanguage('')).toBeNull();
    expect(languageFromAcceptLanguage('*')).toBeNull();
    expect(languageFromAcceptLanguage('de, ja;q=0.8')).toBeNull();
    expect(languageFromAcceptLanguage('fr;q=0, de')).toBeNull();
    expect(languageFromAcceptLanguage(';;;,,,q=')).toBeNull();
    // Past the first 20 ranges nothing is read.
    expect(languageFromAcceptLanguage(`${'de,'.repeat(20)}fr`)).toBeNull();
  });

  it("gives Quebec's cities French, and no other city a language of its own", () => {
    expect(cityLanguage({ country: 'CA', region: 'QC' })).toBe('fr-CA');
    expect(cityLanguage({ country: 'CA', region: 'ON' })).toBeNull();
    expect(cityLanguage({ country: 'US', region: 'TX' })).toBeNull();
  });

  it('knows the path prefixes', () => {
    expect(languageOfPrefix('fr')).toBe('fr-CA');
    expect(languageOfPrefix('es')).toBe('es');
    expect(languageOfPrefix('en')).toBe('en');
    expect(languageOfPrefix('fr-CA')).toBeNull();
    expect(languageOfPrefix('ads')).toBeNull();
  });

  it('takes the strongest source: address, choice, account, city, browser, brand', () => {
    const all = {
      path: 'es',
      chosen: 'en',
      account: 'fr-CA',
      city: 'fr-CA',
      acceptLanguage: 'es',
      brand: 'en',
    } as const;
    expect(resolveLanguage(all)).toBe('es');
    expect(resolveLanguage({ ...all, path: null })).toBe('en');
    expect(resolveLanguage({ ...all, path: null, chosen: 'klingon' })).toBe('fr-CA');
    expect(resolveLanguage({ brand: 'en', city: 'fr-CA', acceptLanguage: 'en' })).toBe('fr-CA');
    expect(resolveLanguage({ brand: 'en', acceptLanguage: 'es-419' })).toBe('es');
    expect(resolveLanguage({ brand: 'fr-CA', acceptLanguage: 'de' })).toBe('fr-CA');
  });
});

describe('the language cookie', () => {
  it("reads the menu's choice among other cookies, and only one of the three", () => {
    expect(languageOfCookieHeader('theme=dark; lang=fr-CA; other=1')).toBe('fr-CA');
    expect(languageOfCookieHeader('lang=es')).toBe('es');
    expect(languageOfCookieHeader('lang=de')).toBeNull();
    expect(languageOfCookieHeader('slang=es; xlang=fr-CA')).toBeNull();
    expect(languageOfCookieHeader(undefined)).toBeNull();
  });
});

describe("a mail's language", () => {
  it("writes to the account's language, else the ad's, else the brand's", () => {
    expect(recipientLanguage({ account: 'es', ad: 'fr-CA', brand: 'en' })).toBe('es');
    expect(recipientLanguage({ account: null, ad: 'fr-CA', brand: 'en' })).toBe('fr-CA');
    expect(recipientLanguage({ account: null, ad: null, brand: 'es' })).toBe('es');
    expect(recipientLanguage({ brand: 'fr-CA' })).toBe('fr-CA');
  });
});
