import { readFileSync } from 'node:fs';
import { publicSiteSchema, siteDataElementId } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { brandedIndexHtml } from './brand-page.js';
import { faviconSvg, logoSvg, monogramOf } from './brand-svg.js';
import { publicPartOf } from './resolve-site.js';
import { siteRegistry, type SiteConfig } from './site-registry.js';
import { networkTheme, themeCss, themeTokens, type ThemeColors } from './theme.js';

/** WCAG 2.x relative luminance of an sRGB colour written `#rrggbb`. */
function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [value >> 16, (value >> 8) & 0xff, value & 0xff].map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio, 1 to 21. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Text on its background, as the app and the public pages draw it: AA for body text. */
const TEXT_PAIRS: [keyof ThemeColors, keyof ThemeColors][] = [
  ['text', 'page'],
  ['text', 'surface'],
  ['text', 'accentSoft'],
  ['muted', 'page'],
  ['muted', 'surface'],
  ['accentStrong', 'page'],
  ['accentStrong', 'surface'],
  ['accentContrast', 'accent'],
  ['accentContrast', 'accentStrong'],
  ['barText', 'bar'],
  ['barMuted', 'bar'],
  ['brandAccent', 'bar'],
  ['danger', 'surface'],
  ['danger', 'dangerSoft'],
  ['success', 'successSoft'],
  ['warning', 'warningSoft'],
  ['info', 'infoSoft'],
  // The public pages: VIP badges and photo placeholders, and the report form's answers.
  ['accentStrong', 'accentSoft'],
  ['muted', 'accentSoft'],
  ['text', 'successSoft'],
  ['text', 'dangerSoft'],
];

/** Shapes and large text (focus ring, accent borders, the logo's letters): 3:1. */
const NON_TEXT_PAIRS: [keyof ThemeColors, keyof ThemeColors][] = [
  ['focus', 'page'],
  ['focus', 'surface'],
  ['accent', 'surface'],
  ['accent', 'page'],
  ['bar', 'brandAccent'],
];

describe('the shipped themes', () => {
  describe.each(siteRegistry.map((site) => [site.id, site] as const))('%s', (_id, site) => {
    const colors = site.theme.colors;

    it('writes every colour as #rrggbb', () => {
      for (const value of Object.values(colors)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    });

    it.each(TEXT_PAIRS)('%s on %s meets WCAG AA for text (4.5:1)', (fg, bg) => {
      expect(contrast(colors[fg], colors[bg])).toBeGreaterThanOrEqual(4.5);
    });

    it.each(NON_TEXT_PAIRS)('%s against %s meets 3:1', (fg, bg) => {
      expect(contrast(colors[fg], colors[bg])).toBeGreaterThanOrEqual(3);
    });

    it('gives the danger button readable text (surface on danger)', () => {
      expect(contrast(colors.surface, colors.danger)).toBeGreaterThanOrEqual(4.5);
    });
  });

  it('are not all alike: each brand has its own accent and tokens', () => {
    const accents = siteRegistry.map((site) => site.theme.colors.accent);
    expect(new Set(accents).size).toBe(accents.length);
    const sheets = siteRegistry.map((site) => themeCss(site));
    expect(new Set(sheets).size).toBe(sheets.length);
  });

  it('give Velvet Board serif headings and Nightlist a dark scheme', () => {
    const byId = (id: string) => siteRegistry.find((site) => site.id === id) as SiteConfig;
    expect(byId('velvet').theme.headingFont).toMatch(/Georgia.*serif$/);
    expect(byId('nightlist').theme.colorScheme).toBe('dark');
    expect(byId('network').theme.colorScheme).toBe('light');
    expect(byId('local').theme.ribbon).toMatch(/development/i);
  });
});

describe('themeCss', () => {
  it('sets every token on :root:root, which outranks the app defaults on :root', () => {
    for (const site of siteRegistry) {
      const css = themeCss(site);
      expect(css.startsWith(':root:root{')).toBe(true);
      expect(css).toContain(`color-scheme:${site.theme.colorScheme}`);
      for (const [name, value] of themeTokens(site.theme))
        expect(css).toContain(`${name}:${value}`);
      expect(css).not.toMatch(/<|\\/);
    }
  });

  it('draws the ribbon of the development site only', () => {
    for (const site of siteRegistry) {
      expect(themeCss(site).includes('::before{content:')).toBe(site.environment === 'development');
    }
  });

  it('quotes the ribbon text and refuses a value that could end the rule', () => {
    const theme = { ...networkTheme, ribbon: 'Test "site"' };
    expect(themeCss({ theme })).toContain('content:"Test \\"site\\""');
    const unsafe = { ...networkTheme, font: 'serif}</style><script>' };
    expect(() => themeCss({ theme: unsafe })).toThrow(/--font/);
  });

  it('is what the app stylesheet falls back to: its defaults are the network theme', () => {
    const styles = readFileSync(new URL('../../../../web/src/styles.css', import.meta.url), 'utf8');
    const block = /:root \{([\s\S]*?)\n\}/.exec(styles)?.[1] ?? '';
    const defaults = new Map(
      [...block.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [
        m[1],
        (m[2] ?? '').replace(/\s+/g, ' ').trim(),
      ]),
    );
    expect(Object.fromEntries(defaults)).toEqual(Object.fromEntries(themeTokens(networkTheme)));
  });
});

describe('the logo and the favicon', () => {
  it('are SVG marks in the brand colours with its monogram', () => {
    for (const site of siteRegistry) {
      for (const svg of [logoSvg(site), faviconSvg(site)]) {
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32"/);
        expect(svg).toContain(`fill="${site.theme.colors.brandAccent}"`);
        expect(svg).toContain(`>${monogramOf(site)}</text>`);
        expect(svg.endsWith('</svg>')).toBe(true);
      }
      expect(logoSvg(site)).toContain(`<title>${site.name}</title>`);
    }
  });

  it('takes the initials of the heading, or the configured monogram', () => {
    const velvet = siteRegistry.find((site) => site.id === 'velvet') as SiteConfig;
    expect(monogramOf(velvet)).toBe('VB');
    const custom = {
      ...velvet,
      theme: { ...velvet.theme, logo: { shape: 'circle' as const, monogram: 'Vé' } },
    };
    expect(monogramOf(custom)).toBe('Vé');
  });

  it('escapes the name and the letters', () => {
    const site = siteRegistry[0] as SiteConfig;
    const odd = { ...site, name: 'A & <B>', heading: ['<', '&', ''] as [string, string, string] };
    const svg = logoSvg(odd);
    expect(svg).toContain('<title>A &amp; &lt;B&gt;</title>');
    expect(svg).toContain('>&lt;&amp;</text>');
  });
});

describe('brandedIndexHtml', () => {
  const template =
    '<html><head><meta name="color-scheme" content="light" />' +
    '<meta name="theme-color" content="#000000" />' +
    '<meta name="description" content="generic" />' +
    '<link rel="stylesheet" href="/brand.css" vite-ignore />' +
    '<title>Classifieds</title></head></html>';

  it("puts the site's name, description and colours in the app's page", () => {
    const nightlist = siteRegistry.find((site) => site.id === 'nightlist') as SiteConfig;
    const html = brandedIndexHtml(template, nightlist);
    expect(html).toContain('<title>Nightlist</title>');
    expect(html).toContain(`<meta name="description" content="${nightlist.description}" />`);
    expect(html).toContain('<meta name="color-scheme" content="dark" />');
    expect(html).toContain(`<meta name="theme-color" content="${nightlist.theme.colors.bar}" />`);
  });

  it('escapes, and takes `$` literally', () => {
    const site = { ...(siteRegistry[0] as SiteConfig), name: '$& <x>', description: '"$1"' };
    const html = brandedIndexHtml(template, site);
    expect(html).toContain('<title>$&amp; &lt;x&gt;</title>');
    expect(html).toContain('content="&quot;$1&quot;"');
  });

  it("carries the brand's tokens inline instead of asking for /brand.css", () => {
    const velvet = siteRegistry.find((site) => site.id === 'velvet') as SiteConfig;
    const html = brandedIndexHtml(template, velvet);
    expect(html).not.toContain('href="/brand.css"');
    expect(html).toContain(`<style>${themeCss(velvet)}</style>`);
  });

  it("carries the public part of the site's configuration as a data block, and nothing else", () => {
    const velvet = siteRegistry.find((site) => site.id === 'velvet') as SiteConfig;
    const html = brandedIndexHtml(template, velvet);
    const block = html.match(
      new RegExp(`<script type="application/json" id="${siteDataElementId}">(.*?)</script></head>`),
    );
    expect(block).not.toBeNull();
    const data = publicSiteSchema.parse(JSON.parse(block?.[1] ?? ''));
    expect(data).toEqual(publicPartOf(velvet));
    // The hosts the deployment answers to are not the page's business.
    expect(block?.[1]).not.toContain(velvet.hosts[0] ?? 'no host');
  });

  it('cannot be closed early by a name with a script end in it', () => {
    const site = { ...(siteRegistry[0] as SiteConfig), name: '</script><script>alert(1)</script>' };
    const html = brandedIndexHtml(template, site);
    const block = html.slice(html.indexOf('application/json'));
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).toContain('\\u003c/script\\u003e');
  });
});
