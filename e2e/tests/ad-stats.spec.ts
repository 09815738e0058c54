import { adStatsLimits, catalogueAreas, messagesOf } from '@adboard/shared';
import { expect, test } from '@playwright/test';
import { adIdInAddress, postFreeVerifiedAd, submitForReview } from './ad-steps.js';
import { expectNoHorizontalOverflow, expectNoViolations, viewports } from './axe.js';
import { approveAd, cityOrigin, registerAndVerify, uniqueEmail } from './support.js';

/** The statistics' texts in English, as the app shows them. */
const m = messagesOf(catalogueAreas.adStats, 'en');

/*
 * Issue 29, each ad's statistics, as a visitor and the advertiser meet them on a phone and
 * on a desktop: a person (a phone's browser, not a crawler) sees the ad in the city's list,
 * opens its page and taps Call (the link's ping, no script); My Posts then shows the last
 * 7 days on the ad's card, and the chart of 30 or 90 days with its table; axe on the
 * dialog, nothing wider than the phone, and screenshots.
 */

/** A person's phone: the headless browser's own User-Agent names it as a tool. */
const PERSON =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const cases = [
  { name: 'phone', viewport: viewports.phone, phone: '702-208-4681' },
  { name: 'desktop', viewport: viewports.desktop, phone: '702-208-4682' },
] as const;

for (const { name, viewport, phone } of cases) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a visit and a tap are counted; My Posts shows them and the chart', async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      await registerAndVerify(page, request, uniqueEmail(`stats-${name}`), 'statistics passphrase');
      await page.getByRole('link', { name: 'Post a New Ad' }).click();
      const title = `Counted ${name} ${Date.now()}`;
      await postFreeVerifiedAd(page, { title, phone });
      await submitForReview(page);
      const adId = await adIdInAddress(page);
      expect(adId).toMatch(/^\d+$/);
      await approveAd(browser, baseURL ?? '', title);

      // A visitor on a phone: the city's list, the ad page (cached up to 5 s), a tap on Call.
      const visitor = await browser.newContext({ userAgent: PERSON, viewport });
      const reader = await visitor.newPage();
      const origin = cityOrigin(page, 'las-vegas');
      await expect(async () => {
        await reader.goto(`${origin}/?visit=${Date.now()}`);
        await expect(reader.locator(`a[href="/en/ads/details/${adId}"]`).first()).toBeVisible();
      }).toPass({ timeout: 15_000 });
      await reader.goto(`${origin}/ads/details/${adId}`);
      const call = reader.locator('aside.contact a[href^="tel:"]');
      await expect(call).toHaveAttribute('ping', `/ads/details/${adId}/tap/call`);
      const ping = reader.waitForRequest(
        (req) => req.method() === 'POST' && req.url().endsWith(`/ads/details/${adId}/tap/call`),
      );
      // The browser hands tel: to the system (nothing here takes it); the ping goes first.
      await call.click({ noWaitAfter: true }).catch(() => undefined);
      await ping;
      await visitor.close();

      // My Posts: the card's last 7 days, then the chart.
      await expect(async () => {
        await page.goto('/posts');
        await expect(
          page.getByText(m.summary({ cardDays: adStatsLimits.cardDays, views: 1, taps: 1 })),
        ).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      const card = page.locator('li.post-card').filter({ hasText: title });
      await card.getByRole('button', { name: m.open }).click();
      const dialog = page.getByRole('dialog', { name: m.title({ adTitle: title }) });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: m.range({ days: 30 }) })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const table = dialog.getByRole('table', { name: m.chartCaption({ days: 30 }) });
      await expect(table.locator('tbody tr')).toHaveCount(30);
      // Today (the last row): one view, one appearance, one call.
      await expect(table.locator('tbody tr').last().locator('td')).toHaveText([
        '1',
        '1',
        '1',
        '0',
        '0',
      ]);
      await expectNoViolations(page, `${name}: the statistics dialog`);
      await expectNoHorizontalOverflow(page, `${name}: the statistics dialog`);
      await dialog.screenshot({ path: `/tmp/ad-stats-${name}-chart.png` });

      await dialog.getByRole('button', { name: m.range({ days: 90 }) }).click();
      await expect(
        dialog.getByRole('table', { name: m.chartCaption({ days: 90 }) }).locator('tbody tr'),
      ).toHaveCount(90);
      await dialog.getByRole('button', { name: m.showTable }).click();
      await expect(dialog.getByRole('table', { name: m.chartCaption({ days: 90 }) })).toBeVisible();
      await expectNoViolations(page, `${name}: the statistics table`);
      await expectNoHorizontalOverflow(page, `${name}: the statistics table`);
      await dialog.screenshot({ path: `/tmp/ad-stats-${name}-table.png` });
      await dialog.getByRole('button', { name: m.close }).click();
      await expect(dialog).toHaveCount(0);
      await card.screenshot({ path: `/tmp/ad-stats-${name}-card.png` });
    });
  });
}
