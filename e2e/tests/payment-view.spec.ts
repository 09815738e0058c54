import { durationSaid, formatFiat, paymentMessages, type CityPrices, sayIn } from '@adboard/shared';
import { expect, test, type Page } from '@playwright/test';
import { askVipAddress, createAdByApi } from './ad-steps.js';
import { registerAndVerify, uniqueEmail } from './support.js';

/*
 * Issue 24 (8, 9, 10, 13): the payment view as a newcomer met it. Each view touched
 * is also saved as a screenshot at 390 px and 1280 px under /tmp/payment-view/.
 */

const shot = async (page: Page, name: string) => {
  for (const [label, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: label === 'phone' ? 844 : 900 });
    await page.screenshot({ path: `/tmp/payment-view/${name}-${label}.png`, fullPage: true });
  }
};

/** A signed-in owner's VIP ad in Las Vegas, created through the API, on its payment view. */
async function vipAdOnPayment(page: Page, request: Parameters<typeof registerAndVerify>[1]) {
  await registerAndVerify(page, request, uniqueEmail('pay24'), 'payment view long passphrase');
  const adId = await createAdByApi(page, `VIP evenings ${Date.now()}`, 'paid');
  await page.goto(`/edit-post?id=${adId}&edit=auth&step=payment`);
  await expect(
    page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.pay) }),
  ).toBeVisible();
  return adId;
}

/** The price shown beside a duration's radio (its description). */
const priceOf = (page: Page, label: string) =>
  page.locator('.duration-option').filter({ hasText: label }).locator('.duration-option__price');

test("the city's prices, a payment seen as soon as the owner is back on the page, and the Payment step done once paid", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const adId = await vipAdOnPayment(page, request);

  // Point 8: the ad's city is known, so its prices are shown (as the type step shows them).
  const answer = await request.get('/api/prices?country=US&city=las-vegas');
  const prices = (await answer.json()) as CityPrices;
  for (const option of prices.products.paid) {
    await expect(priceOf(page, sayIn('en', durationSaid(option.id)))).toContainText(
      formatFiat(option.amount, prices.currency),
    );
    await expect(priceOf(page, sayIn('en', durationSaid(option.id)))).not.toContainText(' to ');
  }
  await expect(page.getByText(sayIn('en', paymentMessages.priceByCity))).toHaveCount(0);
  await shot(page, 'durations');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Point 10: paid from a wallet (in the mempool); back on the page, it is seen at once,
  // well before the next 15-second poll.
  await page.goto(`/edit-post?id=${adId}&edit=auth&step=payment`);
  const { address, sats } = await askVipAddress(page, '30 days');
  await expect(page.getByText(sayIn('en', paymentMessages.waiting))).toBeVisible();
  expect((await request.post('/dev/chain/pay', { data: { address, sats } })).ok()).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByText(sayIn('en', paymentMessages.processing))).toBeVisible({
    timeout: 5_000,
  });
  await shot(page, 'seen');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Point 13: once 'Payment Complete', the Payment step is marked done (a check), also
  // while it is the step shown.
  expect((await request.post('/dev/chain/mine', { data: { blocks: 1 } })).ok()).toBe(true);
  await expect(
    page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.complete) }),
  ).toBeVisible({
    timeout: 30_000,
  });
  const step = page.getByRole('navigation', { name: 'Ad steps' }).locator('[data-step="payment"]');
  await expect(step.locator('.steps__number')).toHaveText('✓');
  await expect(step).toContainText('done');
  await shot(page, 'complete');

  // Opened again later (a paid ad waiting for review): still done.
  await page.goto(`/edit-post?id=${adId}&edit=auth&step=photos`);
  await expect(step.locator('.steps__number')).toHaveText('✓');

  // Point 8 for premium: the ad, paid and waiting only for approval, can be featured
  // (an unpaid VIP ad cannot: point 12); its premium prices are the city's too.
  await page.goto(`/edit-post?id=${adId}&edit=auth&step=payment&product=premium`);
  await expect(
    page.getByRole('group', { name: sayIn('en', paymentMessages.premiumLegend) }),
  ).toBeVisible();
  for (const option of prices.products.premium) {
    await expect(priceOf(page, sayIn('en', durationSaid(option.id)))).toContainText(
      formatFiat(option.amount, prices.currency),
    );
    await expect(priceOf(page, sayIn('en', durationSaid(option.id)))).not.toContainText(' to ');
  }
  await expect(page.getByText(sayIn('en', paymentMessages.priceByCity))).toHaveCount(0);
});

test('another duration while an address is open keeps showing the open address and its amount', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await vipAdOnPayment(page, request);
  const { address } = await askVipAddress(page, '30 days');
  const amount = await page.locator('.payment__amount').textContent();

  await page.getByRole('button', { name: sayIn('en', paymentMessages.otherDuration) }).click();
  await expect(
    page.getByRole('button', { name: sayIn('en', paymentMessages.getAddress) }),
  ).toBeVisible();
  await getAddressOf60Days(page);

  // Not a dead end: the open address is shown again, with its amount and why it stays.
  await expect(page.getByText(address, { exact: true })).toBeVisible();
  await expect(page.locator('.payment__amount')).toHaveText(amount ?? '');
  await expect(page.getByRole('alert')).toContainText(
    sayIn('en', paymentMessages.openOrderExists({ minutes: 20 })).split('(in')[0] ?? '',
  );
  await expect(page.getByText(sayIn('en', paymentMessages.waiting))).toBeVisible();
  await shot(page, 'open-address-kept');
});

async function getAddressOf60Days(page: Page): Promise<void> {
  await page
    .getByRole('group', { name: sayIn('en', paymentMessages.vipLegend) })
    .getByRole('radio', { name: '60 days' })
    .check();
  await page.getByRole('button', { name: sayIn('en', paymentMessages.getAddress) }).click();
}
