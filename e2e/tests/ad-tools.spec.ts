import {
  adToolLimits,
  catalogueAreas,
  messagesOf,
  publicPageText,
  sayIn,
  statusBadge,
} from '@adboard/shared';
import { expect, test } from '@playwright/test';
import { adCard, openCityPageListing, postAndSubmitAd } from './ad-steps.js';
import { expectNoHorizontalOverflow, expectNoViolations, viewports } from './axe.js';
import { approveAd, cityOrigin, registerAndVerify, uniqueEmail } from './support.js';

/*
 * Issue 29, the owner's tools on My Posts, as an advertiser uses them on a phone and on a
 * desktop: a live ad marked 'Available now' for 2 hours in the dialog (the card says
 * until when; the city page and the ad page show the badge), ended early, paused (the
 * card says PAUSED; its public page is gone) and resumed (public again). axe on the card
 * and the dialog, nothing wider than the phone, and screenshots.
 */

const m = messagesOf(catalogueAreas.adTools, 'en');

const cases = [
  { name: 'phone', viewport: viewports.phone, phone: '702-208-4681' },
  { name: 'desktop', viewport: viewports.desktop, phone: '702-208-4682' },
] as const;

for (const { name, viewport, phone } of cases) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('Available now, then pause and resume, from My Posts', async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await registerAndVerify(page, request, uniqueEmail(`tools-${name}`), 'tools passphrase ok');
      const title = `Tools ${name} ${Date.now()}`;
      const adId = await postAndSubmitAd(page, { title, phone });
      await approveAd(browser, baseURL ?? '', title);

      await page.goto('/posts');
      const card = adCard(page, title);
      await expect(
        card.getByText(sayIn('en', statusBadge('active').label), { exact: true }),
      ).toBeVisible();

      // Available now: the dialog asks how long and says how many starts are left.
      await card.getByRole('button', { name: m.available.button }).click();
      const dialog = page.getByRole('dialog', { name: m.available.title });
      await expect(
        dialog.getByText(
          m.available.startsLeft({
            left: 3,
            max: 3,
            windowHours: adToolLimits.availableWindowHours,
          }),
        ),
      ).toBeVisible();
      await dialog.getByRole('radio', { name: m.available.hours({ n: 2 }) }).check();
      await expectNoViolations(page, `${name}: the Available now dialog`);
      await expectNoHorizontalOverflow(page, `${name}: the Available now dialog`);
      await page.screenshot({ path: `/tmp/tools-${name}-dialog.png` });
      await dialog.getByRole('button', { name: m.available.start }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card.getByText(/^Available now until \d{1,2}:\d{2}/)).toBeVisible();
      await expect(card.getByRole('button', { name: m.available.endButton })).toBeVisible();
      await expectNoViolations(page, `${name}: My Posts with an ad available now`);
      await expectNoHorizontalOverflow(page, `${name}: My Posts with an ad available now`);
      await card.screenshot({ path: `/tmp/tools-${name}-card-available.png` });

      // The public pages show the badge (cached up to 5 seconds).
      const origin = cityOrigin(page, 'las-vegas');
      await openCityPageListing(page, origin, title);
      await expect(async () => {
        await page.goto(`${origin}/?available=1&v=${Date.now()}`);
        await expect(page.getByRole('link', { name: new RegExp(title) })).toContainText(
          publicPageText('en').availableBadge,
          { timeout: 500 },
        );
      }).toPass({ timeout: 15_000 });
      await page.screenshot({ path: `/tmp/tools-${name}-city-available.png`, fullPage: true });

      // Ended early, then paused: its page is gone; resumed: back.
      await page.goto('/posts');
      await card.getByRole('button', { name: m.available.endButton }).click();
      await expect(card.getByRole('button', { name: m.available.button })).toBeVisible();
      await card.getByRole('button', { name: m.pause.button }).click();
      await expect(
        card.getByText(sayIn('en', statusBadge('paused').label), { exact: true }),
      ).toBeVisible();
      await expect(card.getByText(m.pause.heldNote)).toBeVisible();
      await expectNoViolations(page, `${name}: My Posts with a paused ad`);
      await card.screenshot({ path: `/tmp/tools-${name}-card-paused.png` });
      const details = `${origin}/ads/details/${adId}`;
      await expect(async () => {
        const answer = await page.goto(`${details}?v=${Date.now()}`);
        expect(answer?.status()).toBe(404);
      }).toPass({ timeout: 15_000 });
      await page.goto('/posts');
      await card.getByRole('button', { name: m.pause.resumeButton }).click();
      await expect(
        card.getByText(sayIn('en', statusBadge('active').label), { exact: true }),
      ).toBeVisible();
      await expect(async () => {
        const answer = await page.goto(`${details}?v=${Date.now()}`);
        expect(answer?.status()).toBe(200);
      }).toPass({ timeout: 15_000 });
    });
  });
}
