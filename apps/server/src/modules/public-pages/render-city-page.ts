import { publicPageMessages as m } from '@adboard/shared';
import { photoUrl, THUMB_WIDTH } from '../photos/photo-presenter.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { escapeHtml, isoDay, layout } from './html.js';
import type { CityAdItem, CityAdPage, PublicCity } from './public-ad-repository.js';

export interface CityPageOptions {
  site: SiteConfig;
  city: PublicCity;
  /** The city host's origin, for the canonical link. */
  origin: string;
  page: number;
  ads: CityAdPage;
}

const TIER_BADGES: Record<number, string> = { 0: m.premiumBadge, 1: m.vipBadge };

function card(ad: CityAdItem): string {
  const image = ad.thumb
    ? `<img src="${escapeHtml(photoUrl(ad.thumb, THUMB_WIDTH))}" alt="${escapeHtml(m.thumbAlt(ad.title))}" loading="lazy">`
    : '<span class="noimg"></span>';
  const badge = TIER_BADGES[ad.tier];
  const posted = ad.postedAt
    ? ` · <time datetime="${ad.postedAt.toISOString()}">${escapeHtml(m.posted(isoDay(ad.postedAt)))}</time>`
    : '';
  return (
    `<li><a href="/ads/details/${ad.id}">${image}` +
    `<span class="t">${badge ? `<span class="badge">${escapeHtml(badge)}</span>` : ''}${escapeHtml(ad.title)}</span>` +
    `<span class="m">${escapeHtml(m.ageYears(ad.age))}${posted}</span></a></li>`
  );
}

function pager(page: number, hasNext: boolean): string {
  if (page === 1 && !hasNext) return '';
  const previous =
    page > 1
      ? `<a rel="prev" href="${page === 2 ? '/' : `/?page=${page - 1}`}">${escapeHtml(m.previousPage)}</a>`
      : '';
  const next = hasNext
    ? `<a rel="next" href="/?page=${page + 1}">${escapeHtml(m.nextPage)}</a>`
    : '';
  return `<nav class="pager">${previous}<span>${escapeHtml(m.pageOf(page))}</span>${next}</nav>`;
}

/** A city's public ads, one page of them, with links to their details pages. */
export function renderCityPage(options: CityPageOptions): string {
  const { site, city, page, ads } = options;
  const list =
    ads.items.length > 0
      ? `<ul class="ads">${ads.items.map(card).join('')}</ul>`
      : `<p>${escapeHtml(m.cityEmpty)}</p>`;
  return layout({
    site,
    title:
      page === 1 ? m.cityTitle(city.name, site.name) : m.cityPageTitle(city.name, site.name, page),
    description: m.cityDescription(city.name, site.name),
    canonical: `${options.origin}/${page === 1 ? '' : `?page=${page}`}`,
    body: `<h1>${escapeHtml(m.cityHeading(city.name))}</h1>${list}${pager(page, ads.hasNext)}`,
  });
}
