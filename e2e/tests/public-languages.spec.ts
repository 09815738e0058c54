import { languageMenuText, languageNames, publicPageText } from '@adboard/shared';
import { expect, test, type Page } from '@playwright/test';
import { openCityPageListing, postAndSubmitAd } from './ad-steps.js';
import { expectAccessible, expectNoHorizontalOverflow, viewports } from './axe.js';
import { approveAd, cityOrigin, registerAndVerify, uniqueEmail } from './support.js';

const fr = publicPageText('fr-CA');
const en = publicPageText('en');
const es = publicPageText('es');

const montreal = {
  country: 'CA',
  city: 'montreal',
  heading: 'Posting on Montreal, Canada',
} as const;

/** The language menu of the public pages. */
const languageMenu = (page: Page, label: string) => page.getByRole('navigation', { name: label });

/**
 * Issue 30: a Quebec city's public pages answer French first to a browser that has not
 * chosen (whatever its own languages), the menu switches to English or Spanish and the
 * choice is kept; each language at its own address, the links keeping it.
 */
test("a Quebec city's pages are French first; the menu switches and remembers, at 390 px and desktop", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await registerAndVerify(page, request, uniqueEmail('montreal'), 'montreal poster passphrase');
  const title = `Soirée à Montréal ${Date.now()}`;
  const adId = await postAndSubmitAd(page, { title, phone: '514-398-4567', place: montreal });
  await approveAd(browser, baseURL ?? '', title);
  const origin = cityOrigin(page, 'montreal');

  for (const [size, viewport] of Object.entries(viewports)) {
    // A new reader whose browser says English (Chromium's en-US): Montreal answers French.
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const reader = await context.newPage();
    await openCityPageListing(reader, origin, title);
    await expect(reader.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(reader.getByRole('link', { name: fr.postAd })).toBeVisible();
    const menu = languageMenu(reader, languageMenuText('fr-CA').menuLabel);
    await expect(menu.getByText(languageNames['fr-CA'])).toHaveAttribute('aria-current', 'true');
    await expectNoHorizontalOverflow(reader, `Montreal in French at ${size}`);
    await reader.screenshot({ path: `/tmp/lang-montreal-fr-${size}.png`, fullPage: true });
    if (size === 'desktop') await expectAccessible(reader, 'Montreal city page in French');

    // English is one tap away and stays chosen on the address without a prefix.
    await menu.getByRole('link', { name: languageNames.en }).click();
    await expect(reader).toHaveURL(`${origin}/en/`);
    await expect(reader.locator('html')).toHaveAttribute('lang', 'en');
    await reader.goto(`${origin}/`);
    await expect(reader.locator('html')).toHaveAttribute('lang', 'en');
    await expect(reader.getByRole('link', { name: en.postAd })).toBeVisible();

    // The ad's page keeps the language; Spanish from its menu, the report form in Spanish.
    await reader.getByRole('link', { name: title }).click();
    await expect(reader).toHaveURL(`${origin}/en/ads/details/${adId}`);
    await languageMenu(reader, languageMenuText('en').menuLabel)
      .getByRole('link', { name: languageNames.es })
      .click();
    await expect(reader).toHaveURL(`${origin}/es/ads/details/${adId}`);
    await expect(reader.locator('html')).toHaveAttribute('lang', 'es');
    await expect(reader.getByRole('heading', { name: es.reportTitle })).toBeVisible();
    await expect(reader.getByRole('button', { name: es.reportSubmit })).toBeVisible();
    await expectNoHorizontalOverflow(reader, `the ad in Spanish at ${size}`);
    await reader.screenshot({ path: `/tmp/lang-ad-es-${size}.png`, fullPage: true });
    if (size === 'desktop') await expectAccessible(reader, 'an ad page in Spanish');
    await context.close();
  }
});
