import type { SiteConfig } from './site-registry.js';

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

/**
 * The app's index.html for one site: its name as the title until the app sets its
 * own, its description, and the browser colours of its theme (the page's scheme, the
 * bar's colour). Tags that are not there are left alone; replacers are functions, so a
 * `$` in a name is only a character.
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
    );
}
