import { consoleMessages, catalogueAreas, messagesOf, adOptionsEnglish } from '@adboard/shared';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoViolations, viewports } from './axe.js';
import { adIdInAddress, postFreeVerifiedAd, submitForReview } from './ad-steps.js';
import { cityOrigin, registerAndVerify, signInAsModerator, uniqueEmail } from './support.js';

/*
 * Issue 29, rates and hours, as an advertiser and a visitor use them on a phone and on
 * a desktop: the ad form's two sections (a rate added, a wrong amount refused with the
 * catalogue message and mended, a second rate, hours for two days), the ad submitted
 * and approved by the moderator (who sees the rates and hours among the ad's facts),
 * and the public ad page's two tables; axe on each screen, nothing wider than the
 * phone, and screenshots.
 */

const r = messagesOf(catalogueAreas.ads, 'en').rates;

/** The last rate row of the form: its duration, place and amount. */
function lastRate(page: Page): Locator {
  return page
    .getByRole('group', { name: adOptionsEnglish.rates.ratesLabel })
    .locator('li.rate-row')
    .last();
}

async function addRate(page: Page, duration: string, place: string, amount: string) {
  await page.getByRole('button', { name: r.addRate }).click();
  const row = lastRate(page);
  await row.getByLabel(adOptionsEnglish.rates.durationLabel).selectOption({ label: duration });
  await row.getByLabel(r.placeLabel).selectOption({ label: place });
  const amountInput = row.getByLabel(r.amountLabel({ currency: 'USD' }));
  await amountInput.fill(amount);
  await amountInput.blur();
}

/** Each row of a table as the text of its cells. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

const cases = [
  { name: 'phone', viewport: viewports.phone, phone: '702-208-4671' },
  { name: 'desktop', viewport: viewports.desktop, phone: '702-208-4672' },
] as const;

for (const { name, viewport, phone } of cases) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('an advertiser gives rates and hours; the public ad page shows them as tables', async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      await registerAndVerify(
        page,
        request,
        uniqueEmail(`rates-${name}`),
        'rates and hours passphrase',
      );
      await page.getByRole('link', { name: 'Post a New Ad' }).click();
      const title = `Rates and hours ${name} ${Date.now()}`;

      await postFreeVerifiedAd(page, { title, phone }, async (view) => {
        if (view !== 'ad form') return;
        // A wrong amount: the catalogue's message at the field, then mended.
        await addRate(page, '1 hour', 'Incall', '250.555');
        await expect(lastRate(page).getByText(r.amountCents)).toBeVisible();
        await lastRate(page)
          .getByLabel(r.amountLabel({ currency: 'USD' }))
          .fill('250.50');
        await lastRate(page)
          .getByLabel(r.amountLabel({ currency: 'USD' }))
          .blur();
        await expect(lastRate(page).getByText(r.amountCents)).toHaveCount(0);
        await addRate(page, 'Overnight', 'Outcall', '1500');

        const hours = page.getByRole('group', { name: adOptionsEnglish.rates.hoursLabel });
        const monday = hours.getByRole('group', { name: adOptionsEnglish.rates.days.mon });
        await monday
          .getByLabel(adOptionsEnglish.rates.days.mon)
          .selectOption({ label: adOptionsEnglish.rates.dayKinds.open });
        await monday.getByLabel(r.fromLabel).fill('10:00');
        await monday.getByLabel(r.toLabel).fill('22:00');
        await hours
          .getByRole('group', { name: adOptionsEnglish.rates.days.fri })
          .getByLabel(adOptionsEnglish.rates.days.fri)
          .selectOption({ label: adOptionsEnglish.rates.dayKinds.appointment });

        await expectNoViolations(page, `${name}: the ad form with rates and hours`);
        await expectNoHorizontalOverflow(page, `${name}: the ad form with rates and hours`);
        await page
          .getByRole('group', { name: adOptionsEnglish.rates.ratesLabel })
          .screenshot({ path: `/tmp/rates-hours-${name}-form-rates.png` });
        await hours.screenshot({ path: `/tmp/rates-hours-${name}-form-hours.png` });
      });
      await submitForReview(page);
      const adId = await adIdInAddress(page);
      expect(adId).toMatch(/^\d+$/);

      // The moderator reads them among the ad's facts, and approves the ad.
      const moderator = await signInAsModerator(browser, baseURL ?? '');
      await moderator.goto('/admin');
      await moderator
        .getByRole('table', { name: 'Review queue' })
        .getByRole('link', { name: title })
        .click();
      await expect(moderator.getByRole('heading', { name: title })).toBeVisible();
      const facts = consoleMessages.review.facts;
      const fact = (label: string) =>
        moderator
          .locator('.facts__row')
          .filter({ has: moderator.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
          .locator('dd');
      // One line a rate, one line a day (whitespace as the reader sees it).
      await expect(fact(facts.rates)).toHaveText(
        '1 hour, Incall: 250.50 Overnight, Outcall: 1,500.00',
      );
      await expect(fact(facts.hours)).toContainText('Monday: 10:00\u201322:00 Tuesday: Closed');
      await moderator.getByRole('button', { name: 'Approve' }).click();
      await expect(moderator).toHaveURL(/\/admin$/);
      await moderator.context().close();

      // The public page (cached up to 5 seconds): the two tables.
      const detailsUrl = `${cityOrigin(page, 'las-vegas')}/ads/details/${adId}`;
      await expect(async () => {
        const answer = await page.goto(`${detailsUrl}?visit=${Date.now()}`);
        expect(answer?.status()).toBe(200);
      }).toPass({ timeout: 15_000 });
      const rates = page.getByRole('table', { name: adOptionsEnglish.rates.ratesLabel });
      expect(await tableRows(rates)).toEqual([
        ['Duration', 'Incall', 'Outcall'],
        ['1 hour', '250.50 USD', ''],
        ['Overnight', '', '1,500.00 USD'],
      ]);
      const week = await tableRows(
        page.getByRole('table', { name: adOptionsEnglish.rates.hoursLabel }),
      );
      expect(week[0]).toEqual([adOptionsEnglish.rates.days.mon, '10:00\u201322:00']);
      expect(week[4]).toEqual([
        adOptionsEnglish.rates.days.fri,
        adOptionsEnglish.rates.dayKinds.appointment,
      ]);
      expect(week[6]).toEqual([
        adOptionsEnglish.rates.days.sun,
        adOptionsEnglish.rates.dayKinds.closed,
      ]);
      await expectNoViolations(page, `${name}: the public ad page with rates and hours`);
      await expectNoHorizontalOverflow(page, `${name}: the public ad page with rates and hours`);
      await page.screenshot({ path: `/tmp/rates-hours-${name}-ad-page.png`, fullPage: true });
    });
  });
}
