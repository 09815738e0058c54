import path from 'node:path';
import { catalogueAreas, messagesOf } from '@adboard/shared';
import { expect, test, type Page } from '@playwright/test';
import { postFreeVerifiedAd, submitForReview } from './ad-steps.js';
import { uniqueEmail } from './support.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

/**
 * The advertiser's journey as a person sees it (issue 16), on a 390 px phone and a
 * desktop: each view of posting an ad signed out, from the rules to what happens
 * next, written to docs/screens/journey-*.png for people to look at. What the test
 * asserts is what no screenshot shows reliably: nothing spills sideways on a phone,
 * and a toast never covers a control.
 */
const screens = path.resolve(import.meta.dirname, '../../docs/screens');

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

async function shoot(page: Page, name: string): Promise<void> {
  // No horizontal scrolling at any width: the page fits its viewport.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test('posting signed out, view by view, up to what happens next', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/edit-post');
      await postFreeVerifiedAd(
        page,
        {
          title: `Quiet evenings ${Date.now()}`,
          phone: '702-208-4567',
          email: uniqueEmail('shots'),
        },
        async (view) => {
          // The photo step's code for this ad has come (a placeholder shows until then).
          if (view === 'photos') await expect(page.getByText('…', { exact: true })).toHaveCount(0);
          await shoot(page, `journey-${view.replace(' ', '-')}-${size}`);
        },
      );
      await submitForReview(page);
      await shoot(page, `journey-submitted-${size}`);
    });
  });
}

test.describe('on a phone with its keyboard open', () => {
  // With the on-screen keyboard up, a phone shows about 480 px of the page: the code
  // form's buttons then sit where the toasts come in.
  test.use({ viewport: { width: 390, height: 480 } });

  test('a toast never covers a control', async ({ page }) => {
    // A wrong password or code is said in the form only (issue 24): a new code's toast.
    await page.goto(`/verifyemail?email=${encodeURIComponent(uniqueEmail('nobody'))}`);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    const toast = page.locator('.toast').filter({ hasText: answersEn.auth.verifyCodeSent });
    await expect(toast).toBeVisible();
    // The page makes its room once the toast has come in.
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--toast-space'),
        ),
      )
      .not.toBe('0px');
    await page.waitForTimeout(500);
    const toastBox = await toast.boundingBox();
    expect(toastBox).not.toBeNull();
    const controls = page.locator(
      'main a[href]:visible, main button:visible, main input:visible, header a[href]:visible, header button:visible',
    );
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      if (!box || !toastBox) continue;
      expect(overlaps(box, toastBox), `the toast covers ${await control.textContent()}`).toBe(
        false,
      );
    }
    await page.screenshot({ path: path.join(screens, 'journey-toast-phone-keyboard.png') });
  });
});
