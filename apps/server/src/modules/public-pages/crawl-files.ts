import { languages } from '@adboard/shared';
import { escapeHtml } from './html.js';
import { pagePath } from './page-paths.js';

/**
 * What crawlers read on a city host: the public pages are theirs (in every language);
 * the app's paths, the report form, the language menu's links and preview links are
 * not. (The app's paths answer nothing on a city host, but a crawler need not try them.)
 */
export function cityRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /edit-post',
    'Disallow: /posts',
    'Disallow: /*preview=',
    'Disallow: /ads/details/*/report',
    'Disallow: /*/ads/details/*/report',
    'Disallow: /language/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The app's own hosts (the portal): its entry pages (front page, sign-in, registration,
 * posting, terms) may be found; the API, the console, the development routes, previews
 * and every page whose link carries a one-time token or that acts (log out) may not.
 * The public pages live on the city hosts, each with its own robots.txt.
 */
export function appRobotsTxt(): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /dev/',
    'Disallow: /activate',
    'Disallow: /completeregistration',
    'Disallow: /logout',
    'Disallow: /refund',
    'Disallow: /resetpassword',
    'Disallow: /verifyemail',
    'Disallow: /*preview=',
    '',
  ].join('\n');
}

/** At most this many URLs in one sitemap (the protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** How many ads one city's sitemap lists: each page is listed once per language. */
export const SITEMAP_MAX_ADS = Math.floor(SITEMAP_MAX_URLS / languages.length) - 1;

/**
 * A city host's sitemap: its city page, then its public ads in page order, bounded;
 * each page at its address in every language (`/fr/ads/details/7`, ...).
 */
export function citySitemapXml(origin: string, adIds: readonly number[]): string {
  const paths = ['/', ...adIds.slice(0, SITEMAP_MAX_ADS).map((id) => `/ads/details/${id}`)];
  const urls = paths.flatMap((path) =>
    languages.map((language) => `${origin}${pagePath(language, path)}`),
  );
  return (
    `${XML_HEAD}<urlset xmlns="${NS}">\n` +
    urls.map((url) => `<url><loc>${escapeHtml(url)}</loc></url>\n`).join('') +
    '</urlset>\n'
  );
}

/** The app host's sitemap index: the sitemap of each city host with public ads. */
export function sitemapIndexXml(cityOrigins: readonly string[]): string {
  return (
    `${XML_HEAD}<sitemapindex xmlns="${NS}">\n` +
    cityOrigins
      .slice(0, SITEMAP_MAX_URLS)
      .map((origin) => `<sitemap><loc>${escapeHtml(`${origin}/sitemap.xml`)}</loc></sitemap>\n`)
      .join('') +
    '</sitemapindex>\n'
  );
}
