import type { SiteConfig } from '../sites/site-registry.js';
import { themeCss } from '../sites/theme.js';
import {
  languageMenuText,
  languageNames,
  languages,
  publicPageText,
  type Language,
} from '@adboard/shared';
import { chooseLanguagePath, pagePath } from './page-paths.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text for an HTML body or a quoted attribute. Every value that reaches a page goes
 * through here, except the description, which was sanitised when it was saved.
 */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/**
 * Small on purpose: the whole stylesheet rides inline in each page, so a page
 * needs no second request and no script. Colours, radius, shadow and font are the
 * app's design tokens (apps/web/src/styles.css), each with its fallback, so a
 * brand's values can be set on :root without touching these rules.
 */
const M = 'var(--color-muted,#6b6478)';
const R = 'var(--radius,.6rem)';
const ACCENT = 'var(--color-accent,#7c4dcc)';
const STRONG = 'var(--color-accent-strong,#5b2a9e)';
const SOFT = 'var(--color-accent-soft,#efe7fb)';
const BORDER = 'var(--color-border,#e6e2ee)';
const SURFACE = 'var(--color-surface,#fff)';

/** Every page: the bar, breadcrumbs, cards, buttons, badges, placeholders. */
const COMMON_STYLES = [
  'body{margin:0;font:16px/1.5 var(--font,system-ui,sans-serif);color:var(--color-text,#1d1d1f);background:var(--color-page,#f6f5f9)}',
  `a{color:${STRONG}}`,
  '.topbar{background:var(--color-bar,#241433);color:var(--color-bar-text,#fff)}',
  '.topbar>div{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem .75rem;max-width:64rem;margin:0 auto;padding:.6rem 1rem}',
  '.topbar a{color:inherit;text-decoration:none}.topbar .btn{color:var(--color-accent-contrast,#fff)}',
  '.brand{display:inline-flex;align-items:center;font:var(--font-heading-weight,700) 1.15rem var(--font-heading,inherit)}.brand b{color:var(--color-brand-accent,#c9a4ff)}',
  '.brand span{font-weight:400;color:var(--color-bar-muted,#c9c2d6)}.brand__logo{flex:none;width:2rem;height:2rem;margin-right:.6rem}',
  // A narrow phone: the muted last part gives way so the name and the button share a row
  // (the portal's bar does the same, apps/web/src/styles.css).
  '.topbar .btn{white-space:nowrap}@media(max-width:26rem){.brand span{display:none}.topbar .btn{padding:0 .8rem}}',
  // The language menu: the three names alike, the page's own marked, beside the button;
  // a row of its own under the brand and the button on a phone.
  '.langs ul{display:flex;gap:.25rem;list-style:none;margin:0;padding:0;font-size:.875rem}.langs a,.langs b{display:inline-flex;align-items:center;min-height:2rem;padding:0 .5rem;border-radius:1rem}',
  '.langs b{background:var(--color-bar-muted,#c9c2d6);color:var(--color-bar,#241433)}.langs a{text-decoration:underline}',
  '.langs{margin-left:auto}@media(max-width:40rem){.langs{order:3;flex-basis:100%}}',
  `.btn{display:inline-flex;align-items:center;justify-content:center;gap:.4rem;min-height:2.5rem;padding:0 1rem;border:0;border-radius:${R};background:${ACCENT};color:var(--color-accent-contrast,#fff);font:inherit;font-weight:600;text-decoration:none}`,
  'main{max-width:64rem;margin:0 auto;padding:.75rem 1rem}',
  'h1,h2{font-family:var(--font-heading,inherit);font-weight:var(--font-heading-weight,700);letter-spacing:var(--heading-tracking,0)}h1{font-size:var(--font-size-h1,1.5rem);line-height:1.25;margin:.25rem 0}h2{font-size:var(--font-size-h2,1.1rem);margin:0 0 .5rem}',
  `.crumbs{display:flex;flex-wrap:wrap;gap:.3rem;list-style:none;margin:0 0 .5rem;padding:0;font-size:.85rem;color:${M}}`,
  '.crumbs li+li:before{content:"›";margin-right:.3rem}.crumbs a{color:inherit}',
  `.sub{margin:0 0 1rem;color:${M}}`,
  `.card,.ads li{background:${SURFACE};border:1px solid ${BORDER};border-radius:${R};box-shadow:var(--shadow,0 1px 3px #0001);padding:1rem;margin:0 0 1rem}`,
  `.badge{display:inline-block;overflow-wrap:normal;font-size:.7rem;font-weight:700;text-transform:uppercase;padding:.1rem .45rem;border-radius:1rem;margin-right:.35rem;background:${ACCENT};color:var(--color-accent-contrast,#fff)}`,
  `.badge.vip{background:${SOFT};color:${STRONG}}`,
  // 'Available now' (issue 29): the success colours, its end time in ordinary case.
  '.badge.available{background:var(--color-success-soft,#e3f5e9);color:var(--color-success,#17663a)}.badge.available time{text-transform:none;font-weight:600}',
  '.badge.visiting{background:var(--color-warning-soft,#fff4d6);color:var(--color-text,#1f1a24)}',
  `.ph{display:flex;flex-direction:column;align-items:center;justify-content:center;aspect-ratio:3/4;background:${SOFT};color:${STRONG};text-align:center}`,
  '.ph b{font-size:3rem}',
  `footer{color:${M};font-size:.875rem;text-align:center;padding:1.5rem 1rem}footer a{color:inherit}`,
].join('');

/** The city page: the cards and the pager. */
const CITY_STYLES = [
  '.ads{list-style:none;padding:0;margin:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr))}',
  '.ads li{padding:0;margin:0;overflow:hidden}.ads a{display:block;color:inherit;text-decoration:none}',
  '.ads img{display:block;width:100%;height:auto;aspect-ratio:3/4;object-fit:cover}',
  `.ph small{font-size:.75rem;color:${M}}`,
  // A word longer than the card (a number, a long name) breaks instead of running to its edge.
  '.ads .t{display:block;padding:.5rem .75rem 0;font-weight:600;line-height:1.3;overflow-wrap:anywhere}',
  `.ads .m{display:block;padding:.15rem .75rem .6rem;color:${M};font-size:.8rem}`,
  '.pager{display:flex;flex-wrap:wrap;justify-content:center;gap:.4rem;margin:1.5rem 0 .5rem}',
  `.pager a,.pager span{min-width:2.5rem;min-height:2.5rem;display:inline-flex;align-items:center;justify-content:center;padding:0 .6rem;border-radius:${R};border:1px solid ${BORDER};background:${SURFACE};text-decoration:none}`,
  `.pager [aria-current]{background:${ACCENT};color:var(--color-accent-contrast,#fff)}.pager .gap{border:0;background:none}`,
  `.count{text-align:center;color:${M};font-size:.875rem;margin:0}`,
  // The search form: keywords and the button on one row, the other filters folded.
  `.search{background:${SURFACE};border:1px solid ${BORDER};border-radius:${R};padding:.75rem;margin:0 0 1rem;display:grid;gap:.6rem}`,
  '.search .row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end}.search .row>.f{flex:1 1 12rem}',
  '.f{display:grid;gap:.2rem;margin:0;padding:0;border:0;min-width:0}.f label,.f legend,.more summary{font-weight:600;font-size:.875rem}',
  `.search input,.search select{font:inherit;min-height:2.5rem;padding:0 .55rem;border:1px solid ${BORDER};border-radius:${R};background:${SURFACE};color:inherit;box-sizing:border-box;width:100%}`,
  '.search input[type=checkbox]{width:1.15rem;min-height:1.15rem;margin:0;accent-color:var(--color-accent,#7c4dcc)}',
  '.search button{cursor:pointer}.more summary{cursor:pointer;padding:.55rem 0}',
  '.grid{display:grid;gap:.75rem;align-items:start;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));margin:.5rem 0 0}',
  '.ages{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}.ages label{white-space:nowrap;font-weight:400}.search .ages input{width:4.5rem}.card>p:first-child{margin-top:0}',
  '.opts{display:flex;flex-wrap:wrap;align-content:flex-start;gap:.25rem .9rem}.opts label{display:inline-flex;align-items:center;gap:.35rem;min-height:2rem;font-weight:400;font-size:.9rem}',
  `.chips{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;margin:0 0 .75rem;padding:0}.chips a{display:inline-flex;align-items:center;gap:.35rem;min-height:2rem;padding:0 .7rem;border-radius:1rem;background:${SOFT};color:${STRONG};text-decoration:none;font-size:.875rem}`,
  '.chips a span{font-size:1.1rem;line-height:1}.chips .clear{background:none;text-decoration:underline}',
  '.warn{border-radius:.5rem;padding:.6rem 1rem;margin:0 0 1rem;background:var(--color-warning-soft,#fff4c2);color:var(--color-warning,#8a5300);border:1px solid currentColor}',
].join('');

/** The details page: the gallery, the contact buttons, the details and the report form. */
const AD_STYLES = [
  '.cols{display:grid;gap:1rem;margin:0 0 1rem}',
  '@media(min-width:48rem){.cols{grid-template-columns:3fr 2fr;align-items:start}}',
  '.gallery{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;gap:.5rem;scrollbar-width:none}',
  `.gallery:focus-visible{outline:3px solid ${ACCENT};outline-offset:2px;border-radius:${R}}`,
  '.gallery figure{flex:0 0 100%;margin:0;scroll-snap-align:center}',
  `.gallery img,.thumbs img{display:block;width:100%;height:auto;aspect-ratio:3/4;max-height:80vh;object-fit:contain;background:var(--color-bar,#241433);border-radius:${R}}`,
  '.thumbs{display:flex;gap:.4rem;margin:.5rem 0 0;padding:0;list-style:none}',
  '.thumbs img{width:4rem;aspect-ratio:1;object-fit:cover}',
  `.nophoto{aspect-ratio:auto;min-height:14rem;font-weight:600;border-radius:${R};padding:1rem}`,
  '.contact{display:grid;gap:.5rem}.contact small{font-weight:400}',
  `.btn.alt{background:${SURFACE};color:${STRONG};border:1px solid ${ACCENT}}`,
  '.desc{overflow-wrap:anywhere}.desc>:first-child{margin-top:0}.desc>:last-child{margin-bottom:0}',
  `dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0}dt{font-weight:600;color:${M}}dd{margin:0}`,
  // Rates and hours (issue 29): two small tables side by side when there is room.
  '.times{display:flex;flex-wrap:wrap;align-items:flex-start;gap:1rem 2.5rem}',
  `.rates{border-collapse:collapse}.rates caption{text-align:start;font-weight:700;font-size:1.15rem;margin:0 0 .4rem}.rates th,.rates td{text-align:start;padding:.3rem .9rem .3rem 0;border-bottom:1px solid ${BORDER};white-space:nowrap}.rates th[scope=row]{font-weight:600;color:${M}}`,
  'form{display:grid;gap:.6rem;max-width:32rem}label{font-weight:600}',
  `select,textarea{font:inherit;padding:.55rem;border:1px solid ${BORDER};border-radius:${R};background:${SURFACE};color:inherit}`,
  'button.btn{justify-self:start;cursor:pointer}',
  '.banner,.note,.warn{border-radius:.5rem;padding:.75rem 1rem}',
  '.banner{background:var(--color-warning-soft,#fff4c2);color:var(--color-warning,#8a5300);border:1px solid currentColor;font-weight:600}',
  '.note{background:var(--color-success-soft,#e7f6ec);border:1px solid var(--color-success,#2e7d32)}',
  '.warn{background:var(--color-danger-soft,#fdecea);border:1px solid var(--color-danger,#c62828)}',
].join('');

/**
 * How wide the gallery shows a photo, for the browser to pick a stored width before
 * it lays out the page: `main` less its padding (1rem each side, at most 64rem) on a
 * phone; from 48rem the gallery's column, three fifths of that less the 1rem gap.
 * Follows `main`, `.cols` and `.gallery figure` above.
 */
export const GALLERY_SIZES =
  '(min-width:66rem) 37.8rem, (min-width:48rem) calc(60vw - 1.8rem), calc(100vw - 2rem)';

const STYLES = { city: COMMON_STYLES + CITY_STYLES, ad: COMMON_STYLES + AD_STYLES };

/** One step of the breadcrumb trail; the last one (this page) has no link. */
export interface Crumb {
  label: string;
  href?: string;
}

export interface LayoutOptions {
  site: SiteConfig;
  /** The page's language: `<html lang>` and the frame's texts (issue 30). */
  language: Language;
  title: string;
  description: string;
  /** The city host's origin (`https://montreal.example.com`), for the absolute links. */
  origin: string;
  /**
   * This page's address without its language prefix ('/?page=2'), for the language menu:
   * each language's link leads to it in that language.
   */
  path: string;
  /**
   * The address search engines should keep, without its language prefix ('/ads/details/7');
   * none for pages that should not be indexed. Printed as the canonical link in this
   * language, with `hreflang` alternates in every language and `x-default` (no prefix).
   */
  canonicalPath?: string;
  /** Kept out of search results: `true` for a page that is not a page of the site (a preview, a 404), 'follow' for one whose links may still be followed (a filtered city page). */
  noindex?: boolean | 'follow';
  /** Open Graph type when the page is indexed: the city page is a website, an ad an article. */
  ogType?: 'website' | 'article';
  /** Absolute URL of a public photo for link previews (never the verification photo). */
  ogImage?: string;
  crumbs?: Crumb[];
  /** Which page's rules the inline stylesheet carries (default: the details page's). */
  styles?: keyof typeof STYLES;
  body: string;
}

/** The site's portal (where an ad is posted), on the site's own URL. */
export function postAdUrl(site: SiteConfig): string {
  return `${site.url}/edit-post`;
}

/**
 * The bar as the portal draws it (apps/web page-frame.tsx): the brand's logo and its
 * three-part heading, linking to the city page of this host, then the language menu
 * and the way to post,
 * lined up with the page's content. The logo is decorative: the heading names the link.
 */
function siteHeading(site: SiteConfig, language: Language, path: string): string {
  const pageText = publicPageText(language);
  const [first, second, third] = site.heading;
  return (
    `<header class="topbar"><div><a class="brand" href="${escapeHtml(pagePath(language, '/'))}">` +
    '<img class="brand__logo" src="/brand/logo.svg" alt="" width="32" height="32">' +
    `${escapeHtml(first)}<b>${escapeHtml(second)}</b><span>${escapeHtml(third)}</span></a>` +
    `${languageMenu(language, path)}<a class="btn" href="${escapeHtml(postAdUrl(site))}">${escapeHtml(pageText.postAd)}</a>` +
    '</div></header>'
  );
}

/**
 * The language menu: every language by its own name, alike (on a Quebec city's page
 * French is no less prominent than English); the page's own is marked, the others lead
 * to this page in them and keep the choice (routes.ts, `/language/…`).
 */
function languageMenu(language: Language, path: string): string {
  const items = languages
    .map((other) => {
      const name = escapeHtml(languageNames[other]);
      if (other === language) return `<li><b lang="${other}" aria-current="true">${name}</b></li>`;
      const href = escapeHtml(chooseLanguagePath(other, path));
      return `<li><a lang="${other}" hreflang="${other}" href="${href}" rel="nofollow">${name}</a></li>`;
    })
    .join('');
  return `<nav class="langs" aria-label="${escapeHtml(languageMenuText(language).menuLabel)}"><ul>${items}</ul></nav>`;
}

function breadcrumbs(crumbs: Crumb[], language: Language): string {
  const pageText = publicPageText(language);
  if (crumbs.length === 0) return '';
  const items = crumbs
    .map((crumb) =>
      crumb.href === undefined
        ? `<li aria-current="page">${escapeHtml(crumb.label)}</li>`
        : `<li><a href="${escapeHtml(crumb.href)}">${escapeHtml(crumb.label)}</a></li>`,
    )
    .join('');
  return `<nav aria-label="${escapeHtml(pageText.breadcrumb)}"><ol class="crumbs">${items}</ol></nav>`;
}

function meta(property: string, content: string): string {
  return `<meta property="${property}" content="${escapeHtml(content)}">`;
}

/** The page's own address in `language`, absolute. */
function addressIn(options: LayoutOptions, language: Language, path: string): string {
  return `${options.origin}${pagePath(language, path)}`;
}

/**
 * The canonical link (this language's address) and one alternate per language, with
 * `x-default` on the address without a prefix, which answers the reader's language.
 */
function addresses(options: LayoutOptions): string {
  const path = options.canonicalPath;
  if (path === undefined) return '';
  const alternates = languages
    .map(
      (other) =>
        `<link rel="alternate" hreflang="${other}" href="${escapeHtml(addressIn(options, other, path))}">`,
    )
    .join('');
  return (
    `<link rel="canonical" href="${escapeHtml(addressIn(options, options.language, path))}">` +
    alternates +
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${options.origin}${path}`)}">`
  );
}

/** Open Graph tags: only for a page with a canonical address (never a preview or a 404). */
function openGraph(options: LayoutOptions): string {
  if (options.canonicalPath === undefined || options.noindex) return '';
  return (
    meta('og:type', options.ogType ?? 'website') +
    meta('og:site_name', options.site.name) +
    meta('og:title', options.title) +
    meta('og:description', options.description) +
    meta('og:url', addressIn(options, options.language, options.canonicalPath)) +
    meta('og:locale', options.language.replace('-', '_')) +
    (options.ogImage ? meta('og:image', options.ogImage) : '')
  );
}

export function layout(options: LayoutOptions): string {
  const { site, language } = options;
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `<title>${escapeHtml(options.title)}</title>` +
    `<meta name="description" content="${escapeHtml(options.description)}">` +
    (options.noindex
      ? `<meta name="robots" content="${options.noindex === 'follow' ? 'noindex, follow' : 'noindex'}">`
      : '') +
    addresses(options) +
    openGraph(options) +
    `<style>${themeCss(site)}</style><style>${STYLES[options.styles ?? 'ad']}</style></head><body>` +
    siteHeading(site, language, options.path) +
    `<main>${breadcrumbs(options.crumbs ?? [], language)}${options.body}</main>` +
    `<footer><a href="${escapeHtml(site.url)}">${escapeHtml(site.name)}</a> · <a href="mailto:${escapeHtml(site.contactEmail)}">${escapeHtml(site.contactEmail)}</a></footer>` +
    '</body></html>'
  );
}

/** A UTC day as YYYY-MM-DD, for keys (never printed on a page: readers get page-text.ts's forms). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
