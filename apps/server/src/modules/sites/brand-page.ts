import { siteDataElementId } from '@adboard/shared';
import { publicPartOf } from './resolve-site.js';
import type { SiteConfig } from './site-registry.js';
import { themeCss } from './theme.js';

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ATTRIBUTE_ESCAPES[ch] ?? ch);
}

/** `<`, `>`, `&` and the JavaScript line breaks as escapes: JSON that cannot end its `<script>`. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The app's index.html for one site: its name as the title until the app sets its
 * own, its description, and the browser colours of its theme (the page's scheme, the
 * bar's colour). The brand's tokens come inline instead of the `/brand.css` link (one
 * render-blocking request less), and the public part of the site's configuration (the
 * answer of GET /api/site) comes as a JSON data block, so the app renders its first
 * screen without asking for it. Tags that are not there are left alone; replacers are
 * functions, so a `$` in a name is only a character.
 */
export function brandedIndexHtml(template: string, site: SiteConfig): string {
  const { theme } = site;
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(site.name)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escape(site.description)}" />`,
    )
    .replace(
      /<meta name="theme-color" content="[^"]*"\s*\/?>/,
      () => `<meta name="theme-color" content="${escape(theme.colors.bar)}" />`,
    )
    .replace(
      /<meta name="color-scheme" content="[^"]*"\s*\/?>/,
      () => `<meta name="color-scheme" content="${theme.colorScheme}" />`,
    )
    .replace(
      /<link rel="stylesheet" href="\/brand\.css"[^>]*>/,
      () => `<style>${themeCss(site)}</style>`,
    )
    .replace(
      '</head>',
      () =>
        `<script type="application/json" id="${siteDataElementId}">${scriptSafeJson(publicPartOf(site))}</script></head>`,
    );
}
