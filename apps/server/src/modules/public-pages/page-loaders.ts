import type { CityQuery, Language } from '@adboard/shared';
import type { Database, Db } from '../../db/database.js';
import { signedPhotoUrl, type PhotoLinks, type PhotoSrc } from '../photos/photo-queries.js';
import type { SiteConfig } from '../sites/site-registry.js';
import type { RenderedPage } from './page-cache.js';
import {
  findAdPage,
  findCityBySlug,
  listCitiesWithAds,
  type PublicCity,
} from './public-ad-repository.js';
import {
  findCityListing,
  listCitySitemapAds,
  rotationSlotEnd,
  type CityScope,
} from './city-listing-repository.js';
import {
  citySitemapXml,
  SITEMAP_MAX_ADS,
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
} from './crawl-files.js';
import { toPublicAdView } from './public-ad-view.js';
import { renderAdPage, renderNotFoundPage, type ReportNotice } from './render-ad-page.js';
import { renderCityPage } from './render-city-page.js';

/** Which city host asked: the site it belongs to, the city label and the host's origin. */
export interface CityHost {
  site: SiteConfig;
  city: string;
  origin: string;
  /** The reader's language, which the page speaks (issue 30). */
  language: Language;
}

const NOTICE_STATUS: Record<ReportNotice['kind'], number> = {
  none: 200,
  thanks: 200,
  limited: 429,
  invalid: 400,
};

export function notFoundPage(host: CityHost, kind: 'ad' | 'city'): RenderedPage {
  return {
    status: 404,
    html: renderNotFoundPage(host.site, kind, host.language, host.origin),
    validUntil: null,
  };
}

/**
 * The details page as this host may show it. An ad of another city or site is a
 * 404 here, like one that is not public; a preview shows any state but deleted, its
 * photos through the owner's signed links (`links`), since they need not be public.
 * The public page links its photos where public photos load from (`photoSrc`).
 */
export async function loadAdPage(
  db: Db,
  host: CityHost,
  adId: number,
  mode:
    | { preview: false; notice: ReportNotice; photoSrc: PhotoSrc }
    | { preview: true; links: PhotoLinks },
): Promise<RenderedPage> {
  const ad = await findAdPage(db, adId);
  const onThisHost = ad !== undefined && ad.siteId === host.site.id && ad.citySlug === host.city;
  if (!ad || !onThisHost || !(mode.preview || ad.isPublic)) return notFoundPage(host, 'ad');
  const notice: ReportNotice = mode.preview ? { kind: 'none' } : mode.notice;
  return {
    status: NOTICE_STATUS[notice.kind],
    // The page and its preview print only what the public may see of the ad.
    html: renderAdPage({
      site: host.site,
      language: host.language,
      ad: toPublicAdView(ad),
      origin: host.origin,
      preview: mode.preview,
      notice,
      photoSrc: mode.preview
        ? (photo, width) => signedPhotoUrl(mode.links, 'owner', photo, width)
        : mode.photoSrc,
    }),
    // The page stops being true when the ad expires or its premium or Available now badge
    // ends, even inside the cache's few seconds.
    validUntil: ad.isPublic
      ? earliest([ad.expiresAt, ad.premiumUntil, ad.availableUntil], Date.now())
      : null,
  };
}

function earliest(dates: (Date | null)[], after: number): Date | null {
  let min: Date | null = null;
  for (const date of dates) {
    if (date && date.getTime() > after && (!min || date < min)) min = date;
  }
  return min;
}

/** A city host's sitemap.xml: the city page and its public ads (newest first), in every language. */
export async function loadCitySitemap(db: Db, host: CityHost): Promise<RenderedPage> {
  const city = await findCityBySlug(db, host.city);
  if (!city) return { status: 404, html: '', validUntil: null };
  const ids = await listCitySitemapAds(db, scopeOf(host, city), SITEMAP_MAX_ADS);
  return { status: 200, html: citySitemapXml(host.origin, ids), validUntil: null };
}

function scopeOf(host: CityHost, city: PublicCity): CityScope {
  return { siteId: host.site.id, countryCode: city.countryCode, citySlug: city.slug };
}

/** The app host's sitemap.xml: an index of the sitemaps of the site's cities with public ads. */
export async function loadSitemapIndex(
  db: Db,
  site: SiteConfig,
  originOf: (citySlug: string) => string,
): Promise<RenderedPage> {
  const slugs = await listCitiesWithAds(db, site.id, SITEMAP_MAX_URLS);
  return { status: 200, html: sitemapIndexXml(slugs.map(originOf)), validUntil: null };
}

/**
 * One page of the city's ads for the query's filters and order; a city that does not
 * exist, or a page past the end (filtered or not), is a 404. The page keeps its order
 * until the rotation's quarter of an hour ends or an ad on it expires or loses its
 * premium, whichever comes first.
 */
export async function loadCityPage(
  database: Pick<Database, 'db' | 'pool'>,
  host: CityHost,
  query: CityQuery & { page: number },
  photoSrc: PhotoSrc,
): Promise<RenderedPage> {
  const { db, pool } = database;
  const city = await findCityBySlug(db, host.city);
  if (!city) return notFoundPage(host, 'city');
  const now = new Date();
  const listing = await findCityListing(pool, scopeOf(host, city), query.filters, query.page, now);
  if (query.page > 1 && listing.ids.length === 0) return notFoundPage(host, 'city');
  const { items } = listing;
  const until = earliest(
    [
      ...items.flatMap((ad) => [ad.expiresAt, ad.premiumUntil, ad.availableUntil]),
      rotationSlotEnd(now),
    ],
    now.getTime(),
  );
  return {
    status: 200,
    html: renderCityPage({
      site: host.site,
      language: host.language,
      city,
      origin: host.origin,
      query,
      items,
      listing,
      photoSrc,
      now,
    }),
    validUntil: until,
    adIds: items.map((ad) => ad.id),
  };
}
