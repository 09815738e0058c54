import {
  accountMessages,
  adOptionsEnglish,
  catalogueAreas,
  messagesOf,
  paymentMessages,
  statusBadge,
  sayIn,
} from '@adboard/shared';
import { expect, test } from '@playwright/test';
import { adCard, askVipAddress, openCityPageListing, postVipAd } from './ad-steps.js';
import { expectNoHorizontalOverflow, expectNoViolations, viewports } from './axe.js';
import {
  addAuthenticator,
  approveAd,
  cityOrigin,
  registerAndVerify,
  uniqueEmail,
} from './support.js';

/*
 * Issue 29, visits to other cities, as an advertiser plans one on a phone and on a
 * desktop: a VIP ad paid on the fake chain and approved, its owner signing in in two
 * steps as the site asks of a paid ad's owner; on My Posts its Visits dialog
 * plans Houston from today for three days; the Houston city page then lists the ad with
 * its 'Visiting' badge, and the ad's own page shows the tour. axe on the dialog, nothing
 * wider than the phone, and screenshots.
 */

const m = messagesOf(catalogueAreas.adTools, 'en').visits;
const DAY_MS = 86_400_000;
/** A UTC day from today, as the date inputs and the server take it. */
const day = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

const cases = [
  { name: 'phone', viewport: viewports.phone, phone: '702-208-4691' },
  { name: 'desktop', viewport: viewports.desktop, phone: '702-208-4692' },
] as const;

for (const { name, viewport, phone } of cases) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a live VIP ad plans a visit to Houston and is listed there with its badge', async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const password = 'visits passphrase';
      await registerAndVerify(page, request, uniqueEmail(`visits-${name}`), password);
      const title = `Touring ${name} ${Date.now()}`;
      await page.goto('/edit-post');
      await postVipAd(page, title, phone);
      const { address, sats } = await askVipAddress(page);
      const paid = await request.post('/dev/chain/pay', {
        data: { address, sats, confirmed: true },
      });
      expect(paid.ok()).toBe(true);
      await expect(
        page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.complete) }),
      ).toBeVisible({ timeout: 30_000 });
      await approveAd(browser, baseURL ?? '', title);
      // The site asks the owner of a paid ad for two-step sign-in before changing it.
      const { region } = await addAuthenticator(page, password);
      await region
        .getByRole('button', { name: sayIn('en', accountMessages.twoStep.recoveryDone) })
        .click();

      await page.goto('/posts');
      const card = adCard(page, title);
      await expect(
        card.getByText(sayIn('en', statusBadge('active').label), { exact: true }),
      ).toBeVisible();
      await card.getByRole('button', { name: m.button }).click();
      const dialog = page.getByRole('dialog', { name: m.title });
      await expect(dialog.getByText(m.none)).toBeVisible();
      // The form, once loaded, has the focus: its first control.
      await expect(dialog.getByRole('button', { name: m.add })).toBeFocused();
      await dialog.getByRole('button', { name: m.add }).click();
      const row = dialog.getByRole('group', { name: m.row({ n: 1 }) });
      const city = row.getByRole('combobox', { name: m.cityLabel });
      // The ad's own city is not offered.
      await expect(city.locator('option', { hasText: 'Las Vegas' })).toHaveCount(0);
      await city.selectOption('houston');
      await row.getByLabel(m.fromLabel).fill(day(0));
      await row.getByLabel(m.toLabel).fill(day(2));
      await expectNoViolations(page, `${name}: the Visits dialog`);
      await expectNoHorizontalOverflow(page, `${name}: the Visits dialog`);
      await page.screenshot({ path: `/tmp/visits-${name}-dialog.png` });
      await dialog.getByRole('button', { name: m.save }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(m.saved)).toBeVisible();

      // Opened again: the visit as stored.
      await card.getByRole('button', { name: m.button }).click();
      const stored = page.getByRole('dialog', { name: m.title }).getByRole('group', {
        name: m.row({ n: 1 }),
      });
      await expect(stored.getByRole('combobox', { name: m.cityLabel })).toHaveValue('houston');
      await expect(stored.getByLabel(m.fromLabel)).toHaveValue(day(0));
      await expect(stored.getByLabel(m.toLabel)).toHaveValue(day(2));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Houston lists it with the badge (pages are cached up to 5 seconds).
      const houston = cityOrigin(page, 'houston');
      await openCityPageListing(page, houston, title);
      await expect(page.getByRole('link', { name: new RegExp(title) })).toContainText(
        adOptionsEnglish.visits.badge,
      );
      await expectNoHorizontalOverflow(page, `${name}: Houston with a visiting ad`);
      await page.screenshot({ path: `/tmp/visits-${name}-houston.png`, fullPage: true });

      // Its own page, on Las Vegas, shows where it goes.
      await page.getByRole('link', { name: new RegExp(title) }).click();
      await expect(page).toHaveURL(/^http:\/\/las-vegas\./);
      await expect(
        page.getByRole('heading', { name: adOptionsEnglish.visits.scheduleHeading }),
      ).toBeVisible();
      await expect(page.getByText(/^Houston, /)).toBeVisible();
    });
  });
}
