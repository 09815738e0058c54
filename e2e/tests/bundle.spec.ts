import { expect, test, type Page } from '@playwright/test';

/** The text of every script the page loads from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(await response.text().catch(() => ''));
  });
  return scripts;
}

// Literals only one part of the contract holds: the ad form's blocked link hosts
// (schemas/ads.ts) and a console endpoint's path (contract/endpoints/moderation.ts).
const adFormSchema = 'tinyurl.com';
const consoleContract = '/api/admin/queue';

test('a screen loads only the part of the contract it uses', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((text) => text.includes(adFormSchema))).toBe(false);
  expect(scripts.some((text) => text.includes(consoleContract))).toBe(false);

  // The ad form brings its own schemas when it is opened.
  await page.goto('/edit-post');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((text) => text.includes(adFormSchema))).toBe(true);
  expect(scripts.some((text) => text.includes(consoleContract))).toBe(false);
});
