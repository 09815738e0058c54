import type { Language } from '@adboard/shared';
import type { AdPlace } from '../ad-lifecycle/public-ad-changes.js';

/**
 * The cache keys of the public pages, written once here: the site and the city
 * host come first, so a change of an ad finds every page that may show it.
 * (Site ids and city slugs hold no '|'.)
 */
export const pageKey = {
  /** The details page in a language, one key per notice it carries (the report form's thanks, ...). */
  ad: (siteId: string, city: string, adId: number, language: Language, notice: string) =>
    `${siteId}|${city}|ad:${adId}:${language}:${notice}`,
  notFound: (siteId: string, city: string, language: Language, kind: 'ad' | 'city') =>
    `${siteId}|${city}|404:${kind}:${language}`,
  /** A city page in a language: its normalised query (filters, order, page), '' for the first page. */
  city: (siteId: string, city: string, language: Language, query: string) =>
    `${siteId}|${city}|city:${language}:${query}`,
  /** A city host's sitemap, or (city null) the app host's index of the site's cities. */
  sitemap: (siteId: string, city: string | null) => `${siteId}|${city ?? ''}|sitemap`,
};

/**
 * Whether the page cached under `key` may show the ad at `place`: its details
 * page, its city's pages and sitemap, and its site's sitemap index (a city's
 * first or last ad adds or removes the city there). Other ads' pages and the
 * not-found pages never change with it.
 */
export function pageShowsAd(key: string, place: AdPlace): boolean {
  const city = `${place.siteId}|${place.citySlug}|`;
  if (key.startsWith(city)) {
    const page = key.slice(city.length);
    return page.startsWith(`ad:${place.adId}:`) || page.startsWith('city:') || page === 'sitemap';
  }
  return key === pageKey.sitemap(place.siteId, null);
}
