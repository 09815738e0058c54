import {
  businessOptions,
  ethnicityOptions,
  incallOptions,
  outcallOptions,
  publicPageMessages as m,
  reportReasons,
} from '@adboard/shared';
import { DISPLAY_WIDTH, photoUrl } from '../photos/photo-presenter.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { escapeHtml, layout } from './html.js';
import type { PagePhoto } from './public-ad-repository.js';
import type { PublicAdView } from './public-ad-view.js';

/** What the report section says instead of (or above) the empty form. */
export type ReportNotice =
  | { kind: 'none' }
  | { kind: 'thanks' }
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'invalid'; message: string };

export interface AdPageOptions {
  site: SiteConfig;
  /** What the public may see of the ad, and nothing else (toPublicAdView). */
  ad: PublicAdView;
  /** The city host's origin, for the canonical link. */
  origin: string;
  preview: boolean;
  notice: ReportNotice;
  /**
   * Where a photo loads from. The public page links the plain URL (served while the
   * photo is public); a preview of an ad that is not public needs signed links.
   */
  photoSrc?: (photo: PagePhoto) => string;
}

const META_DESCRIPTION_MAX = 155;

function labelOf(options: readonly { value: string; label: string }[], value: string | null) {
  if (!value || value === 'none') return null;
  return options.find((o) => o.value === value)?.label ?? null;
}

function row(label: string, value: string | null): string {
  return value === null ? '' : `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
}

function metaDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= META_DESCRIPTION_MAX ? flat : `${flat.slice(0, META_DESCRIPTION_MAX - 1)}…`;
}

const publicPhotoSrc = (photo: PagePhoto) => photoUrl(photo, DISPLAY_WIDTH);

function photosSection(ad: PublicAdView, photoSrc = publicPhotoSrc): string {
  if (ad.photos.length === 0) return '';
  const images = ad.photos
    .map(
      (photo, i) =>
        `<img src="${escapeHtml(photoSrc(photo))}" alt="${escapeHtml(m.photoAlt(ad.title, i + 1))}"${i > 0 ? ' loading="lazy"' : ''}>`,
    )
    .join('');
  return `<div class="photos">${images}</div>`;
}

function reportForm(adId: number): string {
  const options = reportReasons
    .map((r) => `<option value="${escapeHtml(r.code)}">${escapeHtml(r.label)}</option>`)
    .join('');
  return (
    `<p>${escapeHtml(m.reportIntro)}</p>` +
    `<form method="post" action="/ads/details/${adId}/report">` +
    `<label for="reason">${escapeHtml(m.reportReasonLabel)}</label>` +
    `<select id="reason" name="reason" required><option value="">${escapeHtml(m.reportReasonChoose)}</option>${options}</select>` +
    `<label for="details">${escapeHtml(m.reportDetailsLabel)}</label>` +
    '<textarea id="details" name="details" rows="4" maxlength="2000"></textarea>' +
    `<button type="submit">${escapeHtml(m.reportSubmit)}</button></form>`
  );
}

/** Thanks and the limit replace the form (one report is enough); a refusal sits above it. */
function reportSection(ad: PublicAdView, notice: ReportNotice): string {
  let inner: string;
  switch (notice.kind) {
    case 'thanks':
      inner = `<p class="note" role="status">${escapeHtml(m.reportThanks)}</p>`;
      break;
    case 'limited':
      inner = `<p class="warn" role="alert">${escapeHtml(m.reportLimited(notice.retryAfterSeconds))}</p>`;
      break;
    case 'invalid':
      inner = `<p class="warn" role="alert">${escapeHtml(notice.message)}</p>${reportForm(ad.id)}`;
      break;
    default:
      inner = reportForm(ad.id);
  }
  return `<section id="report"><h2>${escapeHtml(m.reportTitle)}</h2>${inner}</section>`;
}

/** The details page of one ad: everything the public reads, no script. */
export function renderAdPage(options: AdPageOptions): string {
  const { ad, site } = options;
  const city = `${ad.cityName}, ${ad.region}`;
  const details =
    row(m.labels.name, ad.name) +
    row(m.labels.age, String(ad.age)) +
    row(m.labels.ethnicity, labelOf(ethnicityOptions, ad.ethnicity)) +
    row(m.labels.business, labelOf(businessOptions, ad.business)) +
    row(m.labels.incalls, labelOf(incallOptions, ad.incalls)) +
    row(m.labels.outcalls, labelOf(outcallOptions, ad.outcalls)) +
    row(m.labels.city, city) +
    row(m.labels.adId, String(ad.id));
  // Only the contacts the poster chose (call, text, email), as the view lists them.
  const contact = ad.contacts
    .map(
      (c) =>
        `<dt>${escapeHtml(c.label)}</dt><dd><a href="${escapeHtml(c.href)}">${escapeHtml(c.text)}</a></dd>`,
    )
    .join('');
  const body =
    (options.preview ? `<p class="banner" role="status">${escapeHtml(m.previewBanner)}</p>` : '') +
    `<p><a href="/">${escapeHtml(m.backToCity(ad.cityName))}</a></p>` +
    `<article><h1>${escapeHtml(ad.title)}</h1>` +
    photosSection(ad, options.photoSrc) +
    // Sanitised when it was saved (posts/sanitize-description.ts): printed as stored.
    `<div class="desc">${ad.descriptionHtml}</div>` +
    `<h2>${escapeHtml(m.detailsHeading)}</h2><dl>${details}</dl>` +
    `<h2>${escapeHtml(m.contactHeading)}</h2><dl>${contact}</dl></article>` +
    // Only a public ad can be reported; a preview of a hidden one has nothing to report yet.
    (ad.isPublic ? reportSection(ad, options.notice) : '');
  return layout({
    site,
    title: m.adTitle(ad.title, ad.cityName, site.name),
    description: metaDescription(ad.descriptionText) || ad.title,
    canonical: options.preview ? undefined : `${options.origin}/ads/details/${ad.id}`,
    noindex: options.preview,
    body,
  });
}

/** The 404 page of a city host: an ad that is not public, or a city that does not exist. */
export function renderNotFoundPage(site: SiteConfig, kind: 'ad' | 'city'): string {
  const title = kind === 'ad' ? m.notFoundTitle : m.cityNotFoundTitle;
  const text = kind === 'ad' ? m.notFoundText : m.cityNotFoundText;
  return layout({
    site,
    title: `${title} | ${site.name}`,
    description: text,
    noindex: true,
    body:
      `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
      (kind === 'ad' ? `<p><a href="/">${escapeHtml(site.name)}</a></p>` : ''),
  });
}
