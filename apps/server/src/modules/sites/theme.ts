/**
 * A brand's look as configuration: the colours, fonts and type scale the app's
 * stylesheet and the public pages read as CSS custom properties (design tokens).
 * System font stacks only: nothing is downloaded.
 */
export interface ThemeColors {
  /** The page behind everything. */
  page: string;
  /** Cards, fields, dialogs. */
  surface: string;
  text: string;
  /** Secondary text (hints, meta lines); readable on page and surface. */
  muted: string;
  border: string;
  /** Buttons and the current step: the one accent of the brand. */
  accent: string;
  /** Links, and buttons under the pointer. */
  accentStrong: string;
  accentSoft: string;
  /** Text on the accent (and on accentStrong). */
  accentContrast: string;
  /** The heading's second part in the top bar, and the logo's mark. */
  brandAccent: string;
  bar: string;
  barText: string;
  barMuted: string;
  focus: string;
  danger: string;
  dangerSoft: string;
  success: string;
  successSoft: string;
  warning: string;
  warningSoft: string;
  info: string;
  infoSoft: string;
}

export interface SiteTheme {
  colorScheme: 'light' | 'dark';
  colors: ThemeColors;
  /** Body text (a system font stack). */
  font: string;
  /** Headings and the brand (a system font stack). */
  headingFont: string;
  headingWeight: number;
  /** Letter spacing of headings, e.g. '0' or '-0.01em'. */
  headingTracking: string;
  /** Body size in rem and the ratio of the modular scale: h3 = base·r, h2 = base·r², h1 = base·r³. */
  typeScale: { base: number; ratio: number };
  radius: string;
  shadow: string;
  logo: {
    /** One to three letters; by default the initials of the heading's first two parts. */
    monogram?: string;
    shape: 'rounded' | 'circle';
  };
  /** A band across the top of every page (the development site says so). */
  ribbon?: string;
}

const SYSTEM_SANS =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
const SYSTEM_SERIF = "Georgia, Cambria, 'Times New Roman', 'DejaVu Serif', serif";
const MODERN_SANS =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI Variable', 'Segoe UI', 'Helvetica Neue', Inter, Arial, sans-serif";

/** The state colours of a light theme (AA on white and on their soft backgrounds). */
const LIGHT_STATES = {
  danger: '#b42318',
  dangerSoft: '#fdecea',
  success: '#1d7a3f',
  successSoft: '#e7f6ec',
  warning: '#8a5300',
  warningSoft: '#fff4de',
  info: '#1f4f9a',
  infoSoft: '#e9f0fc',
} as const;

const LIGHT_SHADOW = '0 1px 2px rgb(20 16 30 / 6%), 0 4px 16px rgb(20 16 30 / 6%)';

/** The network brand: neutral and trustworthy; light, one calm blue. */
export const networkTheme: SiteTheme = {
  colorScheme: 'light',
  colors: {
    page: '#f4f6f8',
    surface: '#ffffff',
    text: '#1a2129',
    muted: '#55606c',
    border: '#d4dae1',
    accent: '#1f62a8',
    accentStrong: '#174c84',
    accentSoft: '#e7f0fa',
    accentContrast: '#ffffff',
    brandAccent: '#8ec5f2',
    bar: '#18232f',
    barText: '#f2f5f8',
    barMuted: '#a9b7c6',
    focus: '#1a66d1',
    ...LIGHT_STATES,
  },
  font: SYSTEM_SANS,
  headingFont: SYSTEM_SANS,
  headingWeight: 700,
  headingTracking: '0',
  typeScale: { base: 1, ratio: 1.145 },
  radius: '10px',
  shadow: LIGHT_SHADOW,
  logo: { shape: 'rounded' },
};

/** Velvet Board: upscale; deep burgundy and warm gold, serif headings. */
export const velvetTheme: SiteTheme = {
  colorScheme: 'light',
  colors: {
    page: '#f7f2ec',
    surface: '#fffdf9',
    text: '#2b1a20',
    muted: '#6a585c',
    border: '#e2d5ca',
    accent: '#7b1e3c',
    accentStrong: '#5c142c',
    accentSoft: '#f6e8ec',
    accentContrast: '#ffffff',
    brandAccent: '#dcb56d',
    bar: '#3a0e1e',
    barText: '#fbf4e8',
    barMuted: '#d8c29f',
    focus: '#8a5a00',
    ...LIGHT_STATES,
  },
  font: SYSTEM_SANS,
  headingFont: SYSTEM_SERIF,
  headingWeight: 600,
  headingTracking: '0.01em',
  typeScale: { base: 1, ratio: 1.2 },
  radius: '4px',
  shadow: '0 1px 2px rgb(58 14 30 / 6%), 0 6px 20px rgb(58 14 30 / 7%)',
  logo: { shape: 'circle' },
};

/** Nightlist: a night-time look; dark, one vivid violet, a modern sans. */
export const nightlistTheme: SiteTheme = {
  colorScheme: 'dark',
  colors: {
    page: '#0d0e13',
    surface: '#171921',
    text: '#eceef4',
    muted: '#a2a8b8',
    border: '#2e3240',
    accent: '#a37dff',
    accentStrong: '#c2a8ff',
    accentSoft: '#241c3d',
    accentContrast: '#0d0e13',
    brandAccent: '#a37dff',
    bar: '#07080b',
    barText: '#f3f4f8',
    barMuted: '#9aa0b3',
    focus: '#7cc4ff',
    danger: '#ff8a80',
    dangerSoft: '#3a1a1c',
    success: '#6fdc9a',
    successSoft: '#12291c',
    warning: '#f5bd5b',
    warningSoft: '#33260e',
    info: '#8fb8ff',
    infoSoft: '#15213a',
  },
  font: MODERN_SANS,
  headingFont: MODERN_SANS,
  headingWeight: 800,
  headingTracking: '-0.015em',
  typeScale: { base: 1, ratio: 1.17 },
  radius: '12px',
  shadow: '0 1px 2px rgb(0 0 0 / 40%), 0 8px 24px rgb(0 0 0 / 35%)',
  logo: { shape: 'rounded' },
};

/** The local development site: the network's shape in teal and amber, marked as development. */
export const localTheme: SiteTheme = {
  ...networkTheme,
  colors: {
    ...networkTheme.colors,
    page: '#f3f5f4',
    text: '#1b2220',
    muted: '#56605d',
    border: '#d3dad7',
    accent: '#0f6b63',
    accentStrong: '#0b524c',
    accentSoft: '#e3f3f1',
    brandAccent: '#f2c14e',
    bar: '#1d2826',
    barText: '#f1f5f4',
    barMuted: '#a8b8b4',
  },
  ribbon: 'Development site',
};

/** The custom properties of a theme, by name, in the order the stylesheet lists them. */
export function themeTokens(theme: SiteTheme): [string, string][] {
  const c = theme.colors;
  const { base, ratio } = theme.typeScale;
  const rem = (value: number) => `${Number(value.toFixed(3))}rem`;
  return [
    ['--color-bar', c.bar],
    ['--color-bar-text', c.barText],
    ['--color-bar-muted', c.barMuted],
    ['--color-accent', c.accent],
    ['--color-accent-strong', c.accentStrong],
    ['--color-accent-soft', c.accentSoft],
    ['--color-accent-contrast', c.accentContrast],
    ['--color-brand-accent', c.brandAccent],
    ['--color-page', c.page],
    ['--color-surface', c.surface],
    ['--color-text', c.text],
    ['--color-muted', c.muted],
    ['--color-border', c.border],
    ['--color-focus', c.focus],
    ['--color-danger', c.danger],
    ['--color-danger-soft', c.dangerSoft],
    ['--color-success', c.success],
    ['--color-success-soft', c.successSoft],
    ['--color-warning', c.warning],
    ['--color-warning-soft', c.warningSoft],
    ['--color-info', c.info],
    ['--color-info-soft', c.infoSoft],
    ['--radius', theme.radius],
    ['--shadow', theme.shadow],
    ['--font', theme.font],
    ['--font-heading', theme.headingFont],
    ['--font-heading-weight', String(theme.headingWeight)],
    ['--heading-tracking', theme.headingTracking],
    ['--font-size-base', rem(base)],
    ['--font-size-h3', rem(base * ratio)],
    ['--font-size-h2', rem(base * ratio ** 2)],
    ['--font-size-h1', rem(base * ratio ** 3)],
  ];
}

/** Characters that could end a declaration, a rule or the inline <style> element. */
const UNSAFE_IN_CSS = /[;{}<>\\]/;

function cssString(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&').replace(/[\r\n]+/g, ' ')}"`;
}

/**
 * The stylesheet of a site's theme: its tokens on `:root:root`, which outranks the
 * app's own defaults on `:root` whatever the order of the stylesheets, and the
 * development ribbon when the theme has one: at the top of a public page, and on
 * the app's page once the app has drawn its first screen (with it, not alone
 * before it). Safe inside an inline <style>.
 */
export function themeCss(site: { theme: SiteTheme }): string {
  const { theme } = site;
  const declarations = themeTokens(theme).map(([name, value]) => {
    if (UNSAFE_IN_CSS.test(value)) throw new Error(`theme token ${name} has an unsafe value`);
    return `${name}:${value}`;
  });
  let css = `:root:root{color-scheme:${theme.colorScheme};${declarations.join(';')}}`;
  if (theme.ribbon) {
    css +=
      `body:not(:has(> #root:empty))::before{content:${cssString(theme.ribbon)};display:block;padding:.2rem 1rem;` +
      'background:repeating-linear-gradient(-45deg,#f2c14e 0 14px,#ebb53a 14px 28px);' +
      'color:#1a1a1a;font:700 .75rem/1.5 var(--font);letter-spacing:.08em;' +
      'text-transform:uppercase;text-align:center}';
  }
  return css;
}
