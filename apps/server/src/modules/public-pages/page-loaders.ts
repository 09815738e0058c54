import { lifecycle } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { signedPhotoUrl, type PhotoLinks, type PhotoSrc } from '../photos/photo-queries.js';
import type { SiteConfig } from '../sites/site-registry.js';
import type { RenderedPage } from './page-cache.js';
import { pageKey } from './page-keys.js';
import {
  findAdPage,
  findCityAds,
  findCityBySlug,
  listCitiesWithAds,
  listCityOrder,
  type CityOrder,
  type PublicCity,
} from './public-ad-repository.js';
import { citySitemapXml, SITEMAP_MAX_URLS, sitemapIndexXml } from './crawl-files.js';
import { toPublicAdView } from './public-ad-view.js';
import type { TtlMemo } from './ttl-memo.js';
import { renderAdPage, renderNotFoundPage, type ReportNotice } from './render-ad-page.js';
import { renderCityPage } from './render-city-page.js';

/** Which city host asked: the site it belongs to, the city label and the host's origin. */
export interface CityHost {
  site: SiteConfig;
  city: string;
  origin: string;
}

const NOTICE_STATUS: Record<ReportNotice['kind'], number> = {
  none: 200,
  thanks: 200,
  limited: 429,
  invalid: 400,
};

export function notFoundPage(host: CityHost, kind: 'ad' | 'city'): RenderedPage {
  return { status: 404, html: renderNotFoundPage(host.site, kind), validUntil: null };
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
      ad: toPublicAdView(ad),
      origin: host.origin,
      preview: mode.preview,
      notice,
      photoSrc: mode.preview
        ? (photo, width) => signedPhotoUrl(mode.links, 'owner', photo, width)
        : mode.photoSrc,
    }),
    // The page stops being true when the ad expires or its premium badge ends, even
    // inside the cache's few seconds.
    validUntil: ad.isPublic ? earliest([ad.expiresAt, ad.premiumUntil], Date.now()) : null,
  };
}

function earliest(dates: (Date | null)[], after: number): Date | null {
  let min: Date | null = null;
  for (const date of dates) {
    if (date && date.getTime() > after && (!min || date < min)) min = date;
  }
  return min;
}

/** The city's order of ads, remembered as briefly as the pages (shared by its pages and sitemap). */
async function cityOrderOf(
  db: Db,
  host: CityHost,
  city: PublicCity,
  orders: TtlMemo<CityOrder>,
): Promise<{ value: CityOrder; expiresAt: number }> {
  // A host names one city (its slug; the first country wins, see findCityBySlug).
  const key = pageKey.cityOrder(host.site.id, city.slug);
  return (
    orders.peek(key) ??
    (await orders.fill(key, async () => {
      const value = await listCityOrder(db, {
        siteId: host.site.id,
        countryCode: city.countryCode,
        citySlug: city.slug,
      });
      return { value, validUntil: value.validUntil };
    }))
  );
}

/** A city host's sitemap.xml: the city page and its public ads (the city's cached order). */
export async function loadCitySitemap(
  db: Db,
  host: CityHost,
  orders: TtlMemo<CityOrder>,
): Promise<RenderedPage> {
  const city = await findCityBySlug(db, host.city);
  if (!city) return { status: 404, html: '', validUntil: null };
  const order = await cityOrderOf(db, host, city, orders);
  return {
    status: 200,
    html: citySitemapXml(host.origin, order.value.ids),
    validUntil: new Date(order.expiresAt),
  };
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
 * One page of the city's ads; a city that does not exist, or a page past the end, is
 * a 404. The city's order is remembered as briefly as the pages, and a page never
 * outlives the order it was cut from, so a change still shows within that time.
 */
export async function loadCityPage(
  db: Db,
  host: CityHost,
  page: number,
  orders: TtlMemo<CityOrder>,
  photoSrc: PhotoSrc,
): Promise<RenderedPage> {
  const city = await findCityBySlug(db, host.city);
  if (!city) return notFoundPage(host, 'city');
  const order = await cityOrderOf(db, host, city, orders);
  const size = lifecycle.cityPageSize;
  const ids = order.value.ids.slice((page - 1) * size, page * size);
  if (page > 1 && ids.length === 0) return notFoundPage(host, 'city');
  const total = order.value.ids.length;
  const ads = {
    items: await findCityAds(db, ids),
    pageCount: Math.max(1, Math.ceil(total / size)),
  };
  const now = Date.now();
  // An ad leaving (expiry) or a premium ending (order) changes the page.
  const until = earliest(
    ads.items.flatMap((ad) => [ad.expiresAt, ad.premiumUntil]),
    now,
  );
  const orderEnds = new Date(order.expiresAt);
  return {
    status: 200,
    html: renderCityPage({
      site: host.site,
      city,
      origin: host.origin,
      page,
      ads,
      total,
      photoSrc,
    }),
    validUntil: until && until < orderEnds ? until : orderEnds,
  };
}
