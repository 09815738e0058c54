import { catalogueAreas, messagesOf, sayIn, statusBadge } from '@adboard/shared';
import { expect, test } from '@playwright/test';
import { adCard, postAndSubmitAd } from './ad-steps.js';
import { expectNoHorizontalOverflow, expectNoViolations, viewports } from './axe.js';
import { approveAd, cityOrigin, registerAndVerify, uniqueEmail } from './support.js';

/*
 * Issue 29, the scheduled start, as an advertiser gives one on a phone and on a desktop:
 * the ad form's start date, three days ahead; once a moderator approves the ad, My Posts
 * shows it SCHEDULED with the day it goes public, and its public page is not there yet.
 * axe on the form with the date and on My Posts, nothing wider than the phone.
 */

const m = messagesOf(catalogueAreas.adTools, 'en').startsOn;
const DAY_MS = 86_400_000;
const startDay = new Date(Date.now() + 3 * DAY_MS);
/** The day as the date input and the server take it (UTC). */
const startDate = startDay.toISOString().slice(0, 10);
/** The day as My Posts says it. */
const startWords = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: 'UTC',
}).format(new Date(`${startDate}T00:00:00Z`));

const cases = [
  { name: 'phone', viewport: viewports.phone, phone: '702-208-4693' },
  { name: 'desktop', viewport: viewports.desktop, phone: '702-208-4694' },
] as const;

for (const { name, viewport, phone } of cases) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('an ad given a start date waits, approved, as SCHEDULED until that day', async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await registerAndVerify(page, request, uniqueEmail(`start-${name}`), 'start passphrase');
      const title = `Starts later ${name} ${Date.now()}`;
      const adId = await postAndSubmitAd(page, { title, phone }, async (view) => {
        if (view !== 'ad form') return;
        const field = page.getByLabel(m.label);
        await expect(field).toHaveValue('');
        // A day in the past is refused under the field, as it is left.
        await field.fill('2020-01-01');
        await field.blur();
        await expect(page.getByText(m.past)).toBeVisible();
        await field.fill(startDate);
        await field.blur();
        await expect(page.getByText(m.past)).toHaveCount(0);
        await expectNoViolations(page, `${name}: the ad form with a start date`);
        await expectNoHorizontalOverflow(page, `${name}: the ad form with a start date`);
      });
      await approveAd(browser, baseURL ?? '', title);

      await page.goto('/posts');
      const card = adCard(page, title);
      await expect(
        card.getByText(sayIn('en', statusBadge('scheduled').label), { exact: true }),
      ).toBeVisible();
      await expect(card.getByText(m.scheduledFor({ date: startWords }))).toBeVisible();
      await expectNoViolations(page, `${name}: My Posts with a scheduled ad`);
      await expectNoHorizontalOverflow(page, `${name}: My Posts with a scheduled ad`);
      await card.screenshot({ path: `/tmp/scheduled-${name}-card.png` });

      // Not public before its day.
      const answer = await page.goto(`${cityOrigin(page, 'las-vegas')}/ads/details/${adId}`);
      expect(answer?.status()).toBe(404);
    });
  });
}
