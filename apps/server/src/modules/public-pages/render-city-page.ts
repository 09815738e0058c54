import { publicPageMessages as m } from '@adboard/shared';
import { photoUrl, THUMB_WIDTH, type PhotoSrc } from '../photos/photo-presenter.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { escapeHtml, layout, postAdUrl } from './html.js';
import { initialOf, machineDay, pageText, postedWhen } from './page-text.js';
import {
  badgeOfTier,
  type AdBadge,
  type CityAdItem,
  type CityAdPage,
  type PublicCity,
  type SizedPhoto,
} from './public-ad-repository.js';

export interface CityPageOptions {
  site: SiteConfig;
  city: PublicCity;
  /** The city host's origin, for the canonical link. */
  origin: string;
  page: number;
  ads: CityAdPage;
  /** How many public ads the city has in all. */
  total: number;
  /** Where a public photo loads from (default: the site's own URL). */
  photoSrc?: PhotoSrc;
  /** For 'Posted 3 days ago'; default now. */
  now?: Date;
}

/** The premium or VIP badge, as both pages print it. */
export function badgeHtml(badge: AdBadge): string {
  if (badge === null) return '';
  const label = badge === 'premium' ? m.premiumBadge : m.vipBadge;
  return `<span class="badge ${badge}">${escapeHtml(label)}</span>`;
}

/** Width and height attributes of a photo shown at `width` (never enlarged), so it takes its room at once. */
export function sizeAttributes(photo: SizedPhoto, width: number): string {
  const w = Math.min(width, photo.width);
  const h = Math.max(1, Math.round((photo.height * w) / Math.max(1, photo.width)));
  return ` width="${w}" height="${h}"`;
}

/** A card or a page without a public photo: the title's initial on a calm block. */
export function placeholder(title: string, label: string): string {
  return `<span class="ph" role="img" aria-label="${escapeHtml(label)}"><b aria-hidden="true">${escapeHtml(initialOf(title))}</b><small aria-hidden="true">${escapeHtml(pageText.noPhoto)}</small></span>`;
}

/**
 * The 400 only, no `srcset`: a card is 10 to 14rem wide on most screens (two columns
 * on a phone, six on a wide screen), so the 400 gives about two device pixels per CSS
 * pixel; the 800 would make a page of cards a few times heavier for a sharper crop.
 */
function card(ad: CityAdItem, now: Date, photoSrc: PhotoSrc): string {
  const image = ad.thumb
    ? `<img src="${escapeHtml(photoSrc(ad.thumb, THUMB_WIDTH))}" alt="${escapeHtml(m.thumbAlt(ad.title))}"${sizeAttributes(ad.thumb, THUMB_WIDTH)} loading="lazy">`
    : placeholder(ad.title, `${pageText.noPhoto}: ${ad.title}`);
  const posted = ad.postedAt
    ? ` · <time datetime="${machineDay(ad.postedAt)}">${escapeHtml(m.posted(postedWhen(ad.postedAt, now)))}</time>`
    : '';
  return (
    `<li><a href="/ads/details/${ad.id}">${image}` +
    `<span class="t">${badgeHtml(badgeOfTier(ad.tier))}${escapeHtml(ad.title)}</span>` +
    `<span class="m">${escapeHtml(m.ageYears(ad.age))}${posted}</span></a></li>`
  );
}

const pageHref = (page: number) => (page === 1 ? '/' : `/?page=${page}`);

/** The page numbers shown: the first, the last, and the current one with its neighbours. */
function shownPages(page: number, count: number): (number | null)[] {
  const wanted = [...new Set([1, page - 1, page, page + 1, count])]
    .filter((n) => n >= 1 && n <= count)
    .sort((a, b) => a - b);
  const shown: (number | null)[] = [];
  wanted.forEach((n, i) => {
    const before = wanted[i - 1];
    if (before !== undefined && n - before > 1) shown.push(null);
    shown.push(n);
  });
  return shown;
}

function pager(page: number, count: number): string {
  if (count <= 1) return '';
  const previous =
    page > 1 ? `<a rel="prev" href="${pageHref(page - 1)}">${escapeHtml(m.previousPage)}</a>` : '';
  const next =
    page < count ? `<a rel="next" href="${pageHref(page + 1)}">${escapeHtml(m.nextPage)}</a>` : '';
  const numbers = shownPages(page, count)
    .map((n) => {
      if (n === null) return '<span class="gap" aria-hidden="true">…</span>';
      if (n === page) return `<span aria-current="page">${n}</span>`;
      return `<a href="${pageHref(n)}" aria-label="Page ${n}">${n}</a>`;
    })
    .join('');
  return (
    `<nav class="pager" aria-label="${escapeHtml(pageText.pagination)}">${previous}${numbers}${next}</nav>` +
    `<p class="count">${escapeHtml(pageText.pageOfTotal(page, count))}</p>`
  );
}

/** A city's public ads, one page of them, with links to their details pages. */
export function renderCityPage(options: CityPageOptions): string {
  const { site, city, page, ads } = options;
  const now = options.now ?? new Date();
  const photoSrc = options.photoSrc ?? photoUrl;
  const list =
    ads.items.length > 0
      ? `<ul class="ads">${ads.items.map((ad) => card(ad, now, photoSrc)).join('')}</ul>`
      : `<div class="card"><p>${escapeHtml(m.cityEmpty)}</p><a class="btn" href="${escapeHtml(postAdUrl(site))}">${escapeHtml(pageText.postAd)}</a></div>`;
  const facts = [`${city.name}, ${city.region}`, pageText.adCount(options.total)];
  if (ads.pageCount > 1) facts.push(pageText.pageOfTotal(page, ads.pageCount));
  return layout({
    site,
    title:
      page === 1
        ? pageText.cityTitle(city.name, site.name)
        : pageText.cityPageTitle(city.name, site.name, page),
    description: pageText.cityDescription(city.name, city.region, site.name),
    canonical: `${options.origin}${pageHref(page)}`,
    ogType: 'website',
    styles: 'city',
    crumbs: [{ label: site.name, href: site.url }, { label: city.name }],
    body:
      `<h1>${escapeHtml(m.cityHeading(city.name))}</h1>` +
      `<p class="sub">${escapeHtml(facts.join(' · '))}</p>${list}${pager(page, ads.pageCount)}`,
  });
}
