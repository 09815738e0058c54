import {
  adOptionsText,
  visitDaysText,
  clockTimeIn,
  cityQueryString,
  isFilteredCityQuery,
  lifecycle,
  publicPageText,
  type CityQuery,
  type Language,
} from '@adboard/shared';
import { photoUrl, THUMB_WIDTH, type PhotoSrc } from '../photos/photo-presenter.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { escapeHtml, layout, postAdUrl } from './html.js';
import { initialOf, machineDay, postedText } from './page-text.js';
import { pagePath } from './page-paths.js';
import type { CityListing } from './city-listing-repository.js';
import { searchParts } from './render-city-search.js';
import {
  badgeOfTier,
  type AdBadge,
  type CityAdItem,
  type PublicCity,
  type SizedPhoto,
} from './public-ad-repository.js';

/** The public pages' texts in one language. */
export type PageText = ReturnType<typeof publicPageText>;

export interface CityPageOptions {
  site: SiteConfig;
  /** The reader's language (issue 30). */
  language: Language;
  city: PublicCity;
  /** The city host's origin, for the canonical link. */
  origin: string;
  /** What the visitor asked for: filters, order and page (filtered pages are not indexed). */
  query: CityQuery & { page: number };
  /** This page's ads, in order. */
  items: CityAdItem[];
  /** How many match, and whether a page follows. */
  listing: Pick<CityListing, 'count' | 'hasMore'>;
  /** Where a public photo loads from (default: the site's own URL). */
  photoSrc?: PhotoSrc;
  /** For 'Posted 3 days ago'; default now. */
  now?: Date;
}

/** The premium or VIP badge, as both pages print it. */
export function badgeHtml(badge: AdBadge, m: PageText): string {
  if (badge === null) return '';
  const label = badge === 'premium' ? m.premiumBadge : m.vipBadge;
  return `<span class="badge ${badge}">${escapeHtml(label)}</span>`;
}

/**
 * The 'Available now' badge with the time it ends, in the city's time zone (issue 29);
 * nothing when it is not running.
 */
export function availableBadgeHtml(until: Date | null, region: string, language: Language): string {
  const m = publicPageText(language);
  if (until === null) return '';
  return (
    `<span class="badge available">${escapeHtml(m.availableBadge)} ` +
    `<time datetime="${until.toISOString()}">${escapeHtml(m.availableUntil({ time: clockTimeIn(region, until, language) }))}</time></span>`
  );
}

/** The 'Visiting' badge of an ad of another city, with its visit's days (issue 29). */
export function visitBadgeHtml(
  visit: { from: string; to: string } | null,
  language: Language,
): string {
  if (visit === null) return '';
  const badge = adOptionsText(language).visits.badge;
  return `<span class="badge visiting">${escapeHtml(badge)} ${escapeHtml(visitDaysText(visit.from, visit.to, language))}</span>`;
}

/** Width and height attributes of a photo shown at `width` (never enlarged), so it takes its room at once. */
export function sizeAttributes(photo: SizedPhoto, width: number): string {
  const w = Math.min(width, photo.width);
  const h = Math.max(1, Math.round((photo.height * w) / Math.max(1, photo.width)));
  return ` width="${w}" height="${h}"`;
}

/** A card or a page without a public photo: the title's initial on a calm block. */
export function placeholder(title: string, m: PageText): string {
  return `<span class="ph" role="img" aria-label="${escapeHtml(m.noPhotoOf({ title }))}"><b aria-hidden="true">${escapeHtml(initialOf(title))}</b><small aria-hidden="true">${escapeHtml(m.noPhoto)}</small></span>`;
}

/**
 * The 400 only, no `srcset`: a card is 10 to 14rem wide on most screens (two columns
 * on a phone, six on a wide screen), so the 400 gives about two device pixels per CSS
 * pixel; the 800 would make a page of cards a few times heavier for a sharper crop.
 */
/**
 * Where a card links: the ad's page on this host, or for a visiting ad on its home
 * city's host (`{city}.{domain}`, as every city host is named), where its page lives.
 */
function cardHref(ad: CityAdItem, origin: string, language: Language): string {
  const path = pagePath(language, `/ads/details/${ad.id}`);
  if (!ad.visit) return path;
  return `${origin.replace(/^(\w+:\/\/)[^.]+\./, `$1${ad.visit.home}.`)}${path}`;
}

function card(
  ad: CityAdItem,
  language: Language,
  now: Date,
  photoSrc: PhotoSrc,
  region: string,
  origin: string,
): string {
  const m = publicPageText(language);
  const image = ad.thumb
    ? `<img src="${escapeHtml(photoSrc(ad.thumb, THUMB_WIDTH))}" alt="${escapeHtml(m.thumbAlt({ title: ad.title }))}"${sizeAttributes(ad.thumb, THUMB_WIDTH)} loading="lazy">`
    : placeholder(ad.title, m);
  const posted = ad.postedAt
    ? ` · <time datetime="${machineDay(ad.postedAt)}">${escapeHtml(postedText(ad.postedAt, now, language))}</time>`
    : '';
  return (
    `<li><a href="${escapeHtml(cardHref(ad, origin, language))}">${image}` +
    `<span class="t">${badgeHtml(badgeOfTier(ad.tier), m)}${availableBadgeHtml(ad.availableUntil, region, language)}${visitBadgeHtml(ad.visit, language)}${escapeHtml(ad.title)}</span>` +
    `<span class="m">${escapeHtml(m.ageYears({ age: ad.age }))}${posted}</span></a></li>`
  );
}

/** How many pages there are, when the count is exact; null when it is "more than". */
function pageCountOf(listing: CityPageOptions['listing']): number | null {
  if (!listing.count.exact) return null;
  return Math.max(1, Math.ceil(listing.count.n / lifecycle.cityPageSize));
}

/**
 * The page numbers shown: the first, the last (when known), and the current one with
 * its neighbours; `null` is a gap.
 */
function shownPages(page: number, count: number | null, hasMore: boolean): (number | null)[] {
  const last = count ?? (hasMore ? page + 1 : page);
  const wanted = [...new Set([1, page - 1, page, page + 1, last])]
    .filter((n) => n >= 1 && n <= last)
    .sort((a, b) => a - b);
  const shown: (number | null)[] = [];
  wanted.forEach((n, i) => {
    const before = wanted[i - 1];
    if (before !== undefined && n - before > 1) shown.push(null);
    shown.push(n);
  });
  // More pages follow that are not counted: say so after the last number.
  if (count === null && hasMore) shown.push(null);
  return shown;
}

function pager(
  m: PageText,
  page: number,
  count: number | null,
  hasMore: boolean,
  href: (page: number) => string,
): string {
  if (page === 1 && !hasMore) return '';
  const previous =
    page > 1
      ? `<a rel="prev" href="${escapeHtml(href(page - 1))}">${escapeHtml(m.previousPage)}</a>`
      : '';
  const next = hasMore
    ? `<a rel="next" href="${escapeHtml(href(page + 1))}">${escapeHtml(m.nextPage)}</a>`
    : '';
  const numbers = shownPages(page, count, hasMore)
    .map((n) => {
      if (n === null) return '<span class="gap" aria-hidden="true">…</span>';
      if (n === page) return `<span aria-current="page">${n}</span>`;
      return `<a href="${escapeHtml(href(n))}" aria-label="${escapeHtml(m.pageOf({ page: n }))}">${n}</a>`;
    })
    .join('');
  const where = count === null ? m.pageOf({ page }) : m.pageOfTotal({ page, total: count });
  return (
    `<nav class="pager" aria-label="${escapeHtml(m.pagination)}">${previous}${numbers}${next}</nav>` +
    `<p class="count">${escapeHtml(where)}</p>`
  );
}

/**
 * A city's public ads, one page of them, with the search form above: the filters in
 * force as chips, how many ads match, and a way back to all of them when none does.
 * A filtered or searched page is kept out of search engines (its canonical is the
 * city page); the city's own pages are indexed as before.
 */
export function renderCityPage(options: CityPageOptions): string {
  const { site, city, query, items, listing, language } = options;
  const m = publicPageText(language);
  const search = searchParts(language);
  const { page, filters } = query;
  const now = options.now ?? new Date();
  const photoSrc = options.photoSrc ?? photoUrl;
  const filtered = isFilteredCityQuery(filters);
  /** A page of this list, without the language prefix (the menu and canonical add it). */
  const pathOf = (n: number) => `/${cityQueryString(filters, n)}`;
  const href = (n: number) => pagePath(language, pathOf(n));
  const count = pageCountOf(listing);
  const list =
    items.length > 0
      ? `<ul class="ads">${items.map((ad) => card(ad, language, now, photoSrc, city.region, options.origin)).join('')}</ul>`
      : filtered
        ? `<div class="card"><p><strong>${escapeHtml(m.search.noMatches)}</strong> ${escapeHtml(m.search.noMatchesHint)}</p><a class="btn" href="${escapeHtml(pagePath(language, '/'))}">${escapeHtml(m.search.clear)}</a></div>`
        : `<div class="card"><p>${escapeHtml(m.cityEmpty)}</p><a class="btn" href="${escapeHtml(postAdUrl(site))}">${escapeHtml(m.postAd)}</a></div>`;
  const facts = [`${city.name}, ${city.region}`, search.matchCountText(listing.count, filtered)];
  if (count !== null && count > 1) facts.push(m.pageOfTotal({ page, total: count }));
  const title = filtered
    ? m.search.filteredTitle({ city: city.name, site: site.name })
    : page === 1
      ? m.cityTitle({ city: city.name, site: site.name })
      : m.cityPageTitle({ city: city.name, site: site.name, page });
  return layout({
    site,
    language,
    title,
    description: m.cityDescription({ city: city.name, region: city.region, site: site.name }),
    // A filtered page points search engines at the city page, and is not indexed itself.
    origin: options.origin,
    path: pathOf(page),
    canonicalPath: filtered ? '/' : pathOf(page),
    ...(filtered ? { noindex: 'follow' as const } : {}),
    ogType: 'website',
    styles: 'city',
    crumbs: [{ label: site.name, href: site.url }, { label: city.name }],
    body:
      `<h1>${escapeHtml(m.cityHeading({ city: city.name }))}</h1>` +
      search.searchForm(filters) +
      search.ignoredNotice(query.ignored) +
      search.filterChips(filters) +
      `<p class="sub" role="status">${escapeHtml(facts.join(' · '))}</p>${list}` +
      pager(m, page, count, listing.hasMore, href),
  });
}
