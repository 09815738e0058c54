import { expect, test, type Page } from '@playwright/test';

/**
 * Records, from before the page's first script, whether a loading spinner was
 * ever in the page and when the screen's own script was asked for.
 */
async function watchFirstRender(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { spinner: false };
    (window as unknown as { firstRender: typeof seen }).firstRender = seen;
    new MutationObserver(() => {
      if (document.querySelector('.spinner')) seen.spinner = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

const sawSpinner = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { firstRender: { spinner: boolean } }).firstRender.spinner,
  );

test.describe('opening the app on an address', () => {
  test('draws the whole screen at once: no loading spinner before it', async ({ page }) => {
    await watchFirstRender(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    expect(await sawSpinner(page)).toBe(false);

    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
    expect(await sawSpinner(page)).toBe(false);
  });

  test("fetches the screen's scripts with the page, before the app has run", async ({ page }) => {
    const order: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
        order.push(url.pathname);
      }
    });
    const html = await (await page.goto('/forgotpassword'))?.text();
    await expect(page.getByRole('heading', { name: /forgot/i })).toBeVisible();
    const named = [...(html ?? '').matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    const screenScript = named.find((file) => /\/forgot-password-[\w-]+\.js$/.test(file ?? ''));
    expect(screenScript, 'the page names the screen script').toBeTruthy();
    expect(order).toContain(screenScript);
  });

  test('a client-side move to another screen still loads it on demand', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page
      .getByRole('link', { name: /forgot/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/forgotpassword$/);
    await expect(page.getByRole('heading', { name: /forgot/i })).toBeVisible();
  });
});
