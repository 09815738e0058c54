import type { SiteConfig } from '../sites/site-registry.js';

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
 * needs no second request and no script.
 */
const STYLES = [
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#f6f6f8}',
  'a{color:#6b1d55}',
  'header{background:#2a1030;color:#fff;padding:.75rem 1rem}',
  'header a{color:#fff;text-decoration:none;font-size:1.25rem}',
  'header b{color:#f3a6d6}',
  'main{max-width:60rem;margin:0 auto;padding:1rem}',
  'h1{font-size:1.5rem;margin:.5rem 0 1rem}',
  'h2{font-size:1.15rem;margin:1.5rem 0 .5rem}',
  '.banner{background:#fff4c2;border:1px solid #e0c24f;padding:.75rem 1rem;margin-bottom:1rem;font-weight:600}',
  '.note{background:#e8f5e9;border:1px solid #81c784;padding:.75rem 1rem}',
  '.warn{background:#fdecea;border:1px solid #e57373;padding:.75rem 1rem}',
  '.ads{list-style:none;padding:0;margin:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr))}',
  '.ads li{background:#fff;border-radius:.5rem;overflow:hidden;box-shadow:0 1px 3px rgba(0,0,0,.12)}',
  '.ads a{display:block;color:inherit;text-decoration:none}',
  '.ads img,.ads .noimg{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;background:#ddd}',
  '.ads .t{display:block;padding:.5rem .75rem 0;font-weight:600}',
  '.ads .m{display:block;padding:0 .75rem .5rem;color:#555;font-size:.875rem}',
  '.badge{display:inline-block;font-size:.75rem;font-weight:700;padding:0 .4rem;border-radius:.25rem;background:#6b1d55;color:#fff;margin-right:.25rem}',
  '.pager{display:flex;gap:1rem;justify-content:center;margin:1.5rem 0}',
  '.photos{display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr))}',
  '.photos img{width:100%;height:auto;border-radius:.5rem;background:#ddd}',
  '.desc{background:#fff;padding:1rem;border-radius:.5rem}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}',
  'dt{font-weight:600}dd{margin:0}',
  'form{display:grid;gap:.5rem;max-width:30rem}',
  'select,textarea,button{font:inherit;padding:.4rem}',
  'button{background:#6b1d55;color:#fff;border:0;border-radius:.25rem;cursor:pointer}',
  'footer{color:#555;font-size:.875rem;text-align:center;padding:2rem 1rem}',
].join('');

export interface LayoutOptions {
  site: SiteConfig;
  title: string;
  description: string;
  /** Absolute URL of the page for search engines; none for pages that should not be indexed. */
  canonical?: string;
  noindex?: boolean;
  body: string;
}

/** The brand's three-part heading, linking to the city page of this host. */
function siteHeading(site: SiteConfig): string {
  const [first, second, third] = site.heading;
  return `<header><a href="/">${escapeHtml(first)}<b>${escapeHtml(second)}</b>${escapeHtml(third)}</a></header>`;
}

export function layout(options: LayoutOptions): string {
  const { site } = options;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(options.title)}</title>` +
    `<meta name="description" content="${escapeHtml(options.description)}">` +
    (options.noindex ? '<meta name="robots" content="noindex">' : '') +
    (options.canonical ? `<link rel="canonical" href="${escapeHtml(options.canonical)}">` : '') +
    `<style>${STYLES}</style></head><body>` +
    siteHeading(site) +
    `<main>${options.body}</main>` +
    `<footer>${escapeHtml(site.name)} · <a href="mailto:${escapeHtml(site.contactEmail)}">${escapeHtml(site.contactEmail)}</a></footer>` +
    '</body></html>'
  );
}

/** A date as the pages print it (stable bytes for a day, so the page's ETag holds). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
