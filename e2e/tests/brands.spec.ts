import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { siteRegistry } from '../../apps/server/src/modules/sites/site-registry.js';
import { brandHosts as brands, brandLaunchOptions } from './brand-hosts.js';

/**
 * Every brand, as its own host shows it: the sign-in page of its portal and a city page
 * of its public site, on a phone and on a desktop. The screenshots go to docs/screens/
 * for people to look at; the test asserts that the brand's tokens are the ones applied.
 */
const port = process.env.E2E_PORT ?? '3000';
const screens = path.resolve(import.meta.dirname, '../../docs/screens');

test.use({ launchOptions: brandLaunchOptions });

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** `#rrggbb` as getComputedStyle writes a colour. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${value >> 16}, ${(value >> 8) & 0xff}, ${value & 0xff})`;
}

async function token(page: Page, name: string): Promise<string> {
  return page.evaluate(
    (n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(),
    name,
  );
}

test('every site brand can still be told apart from the others', () => {
  expect(brands.map((b) => b.id).sort()).toEqual(siteRegistry.map((s) => s.id).sort());
});

for (const brand of brands) {
  const site = siteRegistry.find((s) => s.id === brand.id);
  if (!site) throw new Error(`no site ${brand.id}`);
  const { colors } = site.theme;

  for (const [name, viewport] of Object.entries(viewports)) {
    test(`${brand.id}: the sign-in page and a city page on a ${name}`, async ({ page }) => {
      await page.setViewportSize(viewport);

      await page.goto(`http://${brand.app}:${port}/login`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(site.name));
      expect(await token(page, '--color-accent')).toBe(colors.accent);
      const submit = page.locator('form .button--primary').first();
      await expect(submit).toHaveCSS('background-color', rgb(colors.accent));
      await expect(submit).toHaveCSS('color', rgb(colors.accentContrast));
      await expect(page.locator('.topbar')).toHaveCSS('background-color', rgb(colors.bar));
      await expect(page.locator('body')).toHaveCSS('background-color', rgb(colors.page));
      const logo = page.locator('img.brand__logo');
      await expect(logo).toHaveAttribute('src', '/brand/logo.svg');
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
      const ribbon = await page.evaluate(() => getComputedStyle(document.body, '::before').content);
      expect(ribbon).toBe(site.theme.ribbon ? `"${site.theme.ribbon}"` : 'none');
      await page.screenshot({
        path: path.join(screens, `brand-${brand.id}-login-${name}.png`),
        fullPage: true,
      });

      await page.goto(`http://${brand.city}:${port}/`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Toronto');
      expect(await token(page, '--color-accent')).toBe(colors.accent);
      await expect(page.locator('body')).toHaveCSS('background-color', rgb(colors.page));
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
      // One product: the public bar wears the portal's logo and bar colour, and its brand
      // lines up with the page's content below it.
      await expect(page.locator('header.topbar')).toHaveCSS('background-color', rgb(colors.bar));
      const publicLogo = page.locator('header img.brand__logo');
      await expect(publicLogo).toHaveAttribute('src', '/brand/logo.svg');
      await expect
        .poll(() => publicLogo.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(32);
      const brandBox = await page.locator('header a.brand').boundingBox();
      const headingBox = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(Math.round(brandBox?.x ?? -1)).toBe(Math.round(headingBox?.x ?? -2));
      // Fetched by the page: the browser, not Node, knows where the brands' names go.
      const favicon = await page.evaluate(async () => (await fetch('/favicon.svg')).text());
      expect(favicon).toContain(`fill="${colors.brandAccent}"`);
      await page.screenshot({
        path: path.join(screens, `brand-${brand.id}-city-${name}.png`),
        fullPage: true,
      });
    });
  }
}
