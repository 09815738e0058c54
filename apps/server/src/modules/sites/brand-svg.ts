import type { SiteConfig } from './site-registry.js';

type BrandSite = Pick<SiteConfig, 'name' | 'heading' | 'environment' | 'theme'>;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function xml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

/** The logo's letters: the theme's monogram, or the initials of the heading's first two parts. */
export function monogramOf(site: BrandSite): string {
  const configured = site.theme.logo.monogram?.trim();
  if (configured) return [...configured].slice(0, 3).join('');
  const [first, second] = site.heading;
  const initials = [first, second].map((part) => [...part.trim()][0] ?? '').join('');
  return (initials || [...site.name.trim()][0] || '?').toUpperCase();
}

/**
 * The brand's mark, made from its configuration (so a new brand needs no drawing):
 * its monogram in the bar's colour on the brand accent, in a rounded square or a
 * circle, with a thin inner ring. A development site's mark carries a striped corner.
 */
function mark(site: BrandSite, options: { title: boolean }): string {
  const { colors, headingFont, logo } = site.theme;
  const letters = monogramOf(site);
  const size = letters.length > 2 ? 11 : letters.length === 2 ? 14 : 19;
  const shape =
    logo.shape === 'circle'
      ? `<circle cx="16" cy="16" r="16" fill="${colors.brandAccent}"/>` +
        `<circle cx="16" cy="16" r="13.6" fill="none" stroke="${colors.bar}" stroke-opacity=".35" stroke-width=".8"/>`
      : `<rect width="32" height="32" rx="8" fill="${colors.brandAccent}"/>` +
        `<rect x="2.4" y="2.4" width="27.2" height="27.2" rx="6" fill="none" stroke="${colors.bar}" stroke-opacity=".3" stroke-width=".8"/>`;
  const development =
    site.environment === 'development'
      ? `<path d="M32 20V24a8 8 0 0 1-8 8h-4Z" fill="${colors.bar}"/>`
      : '';
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"' +
    (options.title ? ` role="img" aria-label="${xml(site.name)}"` : '') +
    '>' +
    (options.title ? `<title>${xml(site.name)}</title>` : '') +
    shape +
    development +
    `<text x="16" y="16.5" text-anchor="middle" dominant-baseline="central" ` +
    `font-family="${xml(headingFont)}" font-size="${size}" font-weight="700" ` +
    `letter-spacing="${letters.length > 1 ? '-0.3' : '0'}" fill="${colors.bar}">${xml(letters)}</text>` +
    '</svg>'
  );
}

/** The logo shown in the app's top bar (GET /brand/logo.svg). */
export function logoSvg(site: BrandSite): string {
  return mark(site, { title: true });
}

/** The favicon (GET /favicon.svg): the same mark. */
export function faviconSvg(site: BrandSite): string {
  return mark(site, { title: false });
}
