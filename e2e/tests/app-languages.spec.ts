import {
  catalogueAreas,
  languageMenuText,
  languageNames,
  messagesOf,
  type Language,
} from '@adboard/shared';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalOverflow, viewports } from './axe.js';

const frame = {
  en: messagesOf(catalogueAreas.frame, 'en'),
  'fr-CA': messagesOf(catalogueAreas.frame, 'fr-CA'),
  es: messagesOf(catalogueAreas.frame, 'es'),
};
const signIn = {
  'fr-CA': messagesOf(catalogueAreas.authScreens, 'fr-CA').common.logIn,
  es: messagesOf(catalogueAreas.authScreens, 'es').common.logIn,
};

/** The app's main menu in a language, opened first on a phone. */
async function mainMenu(page: Page, language: Language) {
  const toggle = page.getByRole('button', { name: frame[language].frame.menu, exact: true });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') {
    await toggle.click();
  }
  return page.getByRole('navigation', { name: frame[language].frame.mainNavigation });
}

/**
 * Issue 30: the app's frame speaks the browser's language (French to a French browser),
 * its language menu switches the screen without a reload and keeps the choice.
 */
test('the app opens in the browser’s language and its menu switches and remembers, at 390 px and desktop', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  for (const [size, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ viewport, locale: 'fr-CA', baseURL });
    const page = await context.newPage();
    await page.goto('/login');

    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    // The screen's own words too, from its first paint.
    await expect(page.getByRole('heading', { name: signIn['fr-CA'] })).toBeVisible();
    const french = await mainMenu(page, 'fr-CA');
    await expect(french.getByRole('link', { name: frame['fr-CA'].postNewAd })).toBeVisible();
    const languages = page.getByRole('navigation', { name: languageMenuText('fr-CA').menuLabel });
    await expect(languages.getByRole('button', { name: languageNames['fr-CA'] })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectNoHorizontalOverflow(page, `the sign-in frame in French at ${size}`);
    await page.screenshot({ path: `/tmp/app-lang-fr-${size}.png`, fullPage: true });

    // Spanish from the menu: the same page, redrawn, no reload.
    await page.evaluate(() => {
      (window as unknown as { beforeSwitch: boolean }).beforeSwitch = true;
    });
    await languages.getByRole('button', { name: languageNames.es }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByText(languageMenuText('es').switched)).toBeAttached();
    await expect(page.getByRole('heading', { name: signIn.es })).toBeVisible();
    const spanish = await mainMenu(page, 'es');
    await expect(spanish.getByRole('link', { name: frame.es.postNewAd })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { beforeSwitch?: boolean }).beforeSwitch),
    ).toBe(true);
    await page.screenshot({ path: `/tmp/app-lang-es-${size}.png`, fullPage: true });
    if (size === 'desktop') await expectAccessible(page, 'the sign-in frame in Spanish');

    // Kept: the next visit opens in Spanish.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(
      (await mainMenu(page, 'es')).getByRole('link', {
        name: frame.es.postNewAd,
      }),
    ).toBeVisible();
    await context.close();
  }
});
