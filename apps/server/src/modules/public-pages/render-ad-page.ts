import {
  adOptionsText,
  visitDaysText,
  publicPageText,
  type Language,
  reportReasons,
  sayIn,
  type Text,
} from '@adboard/shared';
import {
  DISPLAY_WIDTH,
  PHOTO_WIDTHS,
  photoUrl,
  THUMB_WIDTH,
  type PhotoSrc,
} from '../photos/photo-presenter.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { escapeHtml, GALLERY_SIZES, layout } from './html.js';
import {
  initialOf,
  machineDay,
  optionWord,
  postedText,
  waitText,
  withoutContacts,
} from './page-text.js';
import { pagePath } from './page-paths.js';
import {
  availableBadgeHtml,
  badgeHtml,
  sizeAttributes,
  type PageText,
} from './render-city-page.js';
import type { SizedPhoto } from './public-ad-repository.js';
import type { PublicAdView } from './public-ad-view.js';
import { ratesAndHoursSection } from './render-rates-hours.js';

/** The report section's id: the form's answers open there. */
export const reportAnchor = 'report';

/** What the report section says instead of (or above) the empty form. */
export type ReportNotice =
  | { kind: 'none' }
  | { kind: 'thanks' }
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'invalid'; message: Text };

export interface AdPageOptions {
  site: SiteConfig;
  /** The reader's language (issue 30). */
  language: Language;
  /** What the public may see of the ad, and nothing else (toPublicAdView). */
  ad: PublicAdView;
  /** The city host's origin, for the canonical link. */
  origin: string;
  preview: boolean;
  notice: ReportNotice;
  /**
   * Where a photo loads from. The public page links the public URL (served while the
   * photo is public; default the site's own); a preview of an ad that is not public
   * needs signed links.
   */
  photoSrc?: PhotoSrc;
  /** For 'Posted 3 days ago'; default now. */
  now?: Date;
}

const META_DESCRIPTION_MAX = 155;

function row(label: string, value: string | null): string {
  return value === null ? '' : `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= META_DESCRIPTION_MAX ? flat : `${flat.slice(0, META_DESCRIPTION_MAX - 1)}…`;
}

/**
 * Every stored width of a photo as `srcset` candidates, narrowest first, so a phone
 * loads the 800 and not the 1600. Each is described by the file's real width (a
 * smaller picture was never enlarged): widths that came out the same are offered once.
 */
function srcset(photo: SizedPhoto, photoSrc: PhotoSrc): string {
  const offered = new Set<number>();
  const candidates: string[] = [];
  for (const width of [...PHOTO_WIDTHS].sort((a, b) => a - b)) {
    const real = Math.min(width, photo.width);
    if (offered.has(real)) continue;
    offered.add(real);
    candidates.push(`${photoSrc(photo, width)} ${real}w`);
  }
  return candidates.join(', ');
}

/**
 * The photos without script: a scroll-snap strip of large photos (swiped on a phone)
 * and, for more than one, thumbnails linking to `#photo-N`, which scrolls the strip.
 * Every image carries its size, so nothing moves when it loads. The large photos
 * offer every stored width (the 1600 stays `src` for a browser without `srcset`);
 * the thumbnails are 4rem wide, so the 400 is enough for any screen. The strip scrolls,
 * so it takes the keyboard's focus (named, outlined) and the arrow keys scroll it.
 */
function gallery(ad: PublicAdView, photoSrc: PhotoSrc, m: PageText): string {
  if (ad.photos.length === 0) {
    return `<div class="ph nophoto" role="img" aria-label="${escapeHtml(m.noPhotoOf({ title: ad.title }))}"><b aria-hidden="true">${escapeHtml(initialOf(ad.title))}</b><span aria-hidden="true">${escapeHtml(ad.title)}</span></div>`;
  }
  const large = ad.photos
    .map(
      (photo, i) =>
        `<figure id="photo-${i + 1}"><img src="${escapeHtml(photoSrc(photo, DISPLAY_WIDTH))}" srcset="${escapeHtml(srcset(photo, photoSrc))}" sizes="${GALLERY_SIZES}" alt="${escapeHtml(m.photoAlt({ title: ad.title, n: i + 1 }))}"${sizeAttributes(photo, DISPLAY_WIDTH)}${i > 0 ? ' loading="lazy"' : ' fetchpriority="high"'}></figure>`,
    )
    .join('');
  const thumbs =
    ad.photos.length > 1
      ? `<ul class="thumbs">${ad.photos
          .map(
            (photo, i) =>
              `<li><a href="#photo-${i + 1}" aria-label="${escapeHtml(m.showPhoto({ n: i + 1 }))}"><img src="${escapeHtml(photoSrc(photo, THUMB_WIDTH))}" alt=""${sizeAttributes(photo, THUMB_WIDTH)} loading="lazy"></a></li>`,
          )
          .join('')}</ul>`
      : '';
  return `<section aria-label="${escapeHtml(m.gallery)}"><div class="gallery" tabindex="0" role="group" aria-label="${escapeHtml(m.galleryStrip)}">${large}</div>${thumbs}</section>`;
}

/**
 * Only the contacts the poster chose (call, text, email), as the view lists them. On the
 * public page each link pings the ad's tap counter as it is followed (the browser's own
 * POST, no script: modules/ad-stats, docs/decisions.md); a preview counts nothing.
 */
function contactCard(ad: PublicAdView, counted: boolean, language: Language): string {
  const m = publicPageText(language);
  const labels = adOptionsText(language).contacts;
  const links = ad.contacts
    .map(
      (c, i) =>
        `<a class="btn${i > 0 ? ' alt' : ''}" href="${escapeHtml(c.href)}"${counted ? ` ping="/ads/details/${ad.id}/tap/${c.kind}"` : ''}>${escapeHtml(labels[c.kind])}<small>${escapeHtml(c.text)}</small></a>`,
    )
    .join('');
  return `<aside class="card contact"><h2>${escapeHtml(m.contactHeading)}</h2>${links}</aside>`;
}

function reportForm(adId: number, m: PageText, language: Language): string {
  const reasons = adOptionsText(language).reportReasons;
  const options = reportReasons
    .map((r) => `<option value="${escapeHtml(r.code)}">${escapeHtml(reasons[r.code])}</option>`)
    .join('');
  return (
    `<p>${escapeHtml(m.reportIntro)}</p>` +
    // The answer (a refusal, or the thanks after the redirect) opens on the report section.
    `<form method="post" action="${escapeHtml(pagePath(language, `/ads/details/${adId}/report`))}#${reportAnchor}">` +
    `<label for="reason">${escapeHtml(m.reportReasonLabel)}</label>` +
    `<select id="reason" name="reason" required><option value="">${escapeHtml(m.reportReasonChoose)}</option>${options}</select>` +
    `<label for="details">${escapeHtml(m.reportDetailsLabel)}</label>` +
    '<textarea id="details" name="details" rows="4" maxlength="2000"></textarea>' +
    `<button class="btn" type="submit">${escapeHtml(m.reportSubmit)}</button></form>`
  );
}

/** Thanks and the limit replace the form (one report is enough); a refusal sits above it. */
function reportSection(ad: PublicAdView, notice: ReportNotice, language: Language): string {
  const m = publicPageText(language);
  let inner: string;
  switch (notice.kind) {
    case 'thanks':
      inner = `<p class="note" role="status">${escapeHtml(m.reportThanks)}</p>`;
      break;
    case 'limited':
      inner = `<p class="warn" role="alert">${escapeHtml(m.reportLimited({ wait: waitText(notice.retryAfterSeconds, language) }))}</p>`;
      break;
    case 'invalid':
      inner = `<p class="warn" role="alert">${escapeHtml(sayIn(language, notice.message))}</p>${reportForm(ad.id, m, language)}`;
      break;
    default:
      inner = reportForm(ad.id, m, language);
  }
  return `<section id="${reportAnchor}" class="card"><h2>${escapeHtml(m.reportTitle)}</h2>${inner}</section>`;
}

/** What a preview says of the ad's visibility: what is true now (issue 24). */
function previewBanner(ad: PublicAdView, m: PageText): string {
  return ad.isPublic ? m.previewBannerPublic : m.previewBanner;
}

/** Where the ad goes on tour (issue 29): 'Houston, Dec 12–15', first first; nothing without visits. */
function visitsSection(ad: PublicAdView, language: Language): string {
  if (ad.visits.length === 0) return '';
  const text = adOptionsText(language).visits;
  const stops = ad.visits
    .map((v) => {
      const days = visitDaysText(v.from, v.to, language);
      return `<li>${escapeHtml(text.stop({ city: v.cityName, days }))}</li>`;
    })
    .join('');
  return `<section class="card"><h2>${escapeHtml(text.scheduleHeading)}</h2><ul>${stops}</ul></section>`;
}

/** The details page of one ad: everything the public reads, no script. */
export function renderAdPage(options: AdPageOptions): string {
  const { ad, site, language } = options;
  const m = publicPageText(language);
  const photoSrc = options.photoSrc ?? photoUrl;
  const city = `${ad.cityName}, ${ad.region}`;
  const words = adOptionsText(language);
  const details =
    row(m.labels.name, ad.name) +
    row(m.labels.age, String(ad.age)) +
    row(m.labels.ethnicity, optionWord(words.ethnicity, ad.ethnicity)) +
    row(m.labels.business, optionWord(words.business, ad.business)) +
    row(m.labels.incalls, optionWord(words.incalls, ad.incalls)) +
    row(m.labels.outcalls, optionWord(words.outcalls, ad.outcalls)) +
    row(m.labels.city, city) +
    row(m.labels.adId, String(ad.id));
  const posted = ad.postedAt
    ? ` · <time datetime="${machineDay(ad.postedAt)}">${escapeHtml(postedText(ad.postedAt, options.now ?? new Date(), language))}</time>`
    : '';
  const body =
    (options.preview
      ? `<p class="banner" role="status">${escapeHtml(previewBanner(ad, m))}</p>`
      : '') +
    `<article><h1>${escapeHtml(ad.title)}</h1>` +
    `<p class="sub">${badgeHtml(ad.badge, m)}${availableBadgeHtml(ad.availableUntil, ad.region, language)}${escapeHtml(m.ageYears({ age: ad.age }))} · ${escapeHtml(city)}${posted}</p>` +
    `<div class="cols"><div>${gallery(ad, photoSrc, m)}</div>${contactCard(ad, ad.isPublic && !options.preview, language)}</div>` +
    // Sanitised when it was saved (posts/sanitize-description.ts): printed as stored.
    `<div class="card desc">${ad.descriptionHtml}</div>` +
    `<section class="card"><h2>${escapeHtml(m.detailsHeading)}</h2><dl>${details}</dl></section>` +
    ratesAndHoursSection(ad, site.currency, language) +
    visitsSection(ad, language) +
    '</article>' +
    // Only a public ad can be reported, by visitors on its page: a preview is the owner's
    // (or a moderator's) view, with nothing for them to report.
    (ad.isPublic && !options.preview ? reportSection(ad, options.notice, language) : '');
  const cover = ad.photos[0];
  // Search snippets and link previews: the title, age and city only (the description
  // may hold anything), and never an email address or a phone number.
  const summary = withoutContacts(ad.title) || ad.cityName;
  return layout({
    site,
    language,
    title: m.adTitle({ title: ad.title, city: ad.cityName, site: site.name }),
    description: clip(
      m.adDescription({
        title: summary,
        age: ad.age,
        city: ad.cityName,
        region: ad.region,
        site: site.name,
      }),
    ),
    origin: options.origin,
    path: `/ads/details/${ad.id}`,
    ...(options.preview ? {} : { canonicalPath: `/ads/details/${ad.id}` }),
    noindex: options.preview,
    ogType: 'article',
    ...(cover &&
      !options.preview && {
        ogImage: new URL(photoSrc(cover, DISPLAY_WIDTH), options.origin).href,
      }),
    crumbs: [
      { label: site.name, href: site.url },
      { label: ad.cityName, href: pagePath(language, '/') },
      { label: ad.title },
    ],
    body,
  });
}

/** The 404 page of a city host: an ad that is not public, or a city that does not exist. */
export function renderNotFoundPage(
  site: SiteConfig,
  kind: 'ad' | 'city',
  language: Language,
  origin: string,
): string {
  const m = publicPageText(language);
  const title = kind === 'ad' ? m.notFoundTitle : m.cityNotFoundTitle;
  const text = kind === 'ad' ? m.notFoundText : m.cityNotFoundText;
  return layout({
    site,
    language,
    title: `${title} | ${site.name}`,
    description: text,
    origin,
    path: '/',
    noindex: true,
    body:
      `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
      (kind === 'ad'
        ? `<p><a href="${escapeHtml(pagePath(language, '/'))}">${escapeHtml(site.name)}</a></p>`
        : `<p><a href="${escapeHtml(site.url)}">${escapeHtml(site.name)}</a></p>`),
  });
}
