import { heldTimeSaid, mailMessages, paymentMessages, sayIn } from '@adboard/shared';
import { expect, test } from '@playwright/test';
import { adIdInAddress, postVipAd } from './ad-steps.js';
import { registerAndVerify, uniqueEmail, waitForMail } from './support.js';

test('a VIP ad goes from the type step to payment, is paid on the fake chain and completes, with a receipt on screen and by mail', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('vip');
  await registerAndVerify(page, request, email, 'vip payer long passphrase');
  await page.getByRole('link', { name: 'Post a New Ad' }).click();
  const title = `VIP evenings ${Date.now()}`;
  await postVipAd(page, title);

  // After the photos a paid ad goes straight to the payment view.
  await expect(
    page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.pay) }),
  ).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Ad steps' });
  await expect(steps.locator('[data-step="payment"]')).toHaveAttribute('data-state', 'current');
  await expect(page).toHaveURL(/step=payment/);
  const adId = await adIdInAddress(page);
  expect(adId).toMatch(/^\d+$/);

  const group = page.getByRole('group', { name: sayIn('en', paymentMessages.vipLegend) });
  await expect(group.getByRole('radio')).toHaveCount(3);
  await group.getByRole('radio', { name: '30 days' }).check();
  await page.getByRole('button', { name: sayIn('en', paymentMessages.getAddress) }).click();

  // What the wallet gets: the BIP21 URI behind 'Open in wallet'.
  const wallet = page.getByRole('link', { name: sayIn('en', paymentMessages.openWallet) });
  await expect(wallet).toHaveAttribute('href', /^bitcoin:/);
  const uri = new URL((await wallet.getAttribute('href')) ?? '');
  const address = uri.pathname;
  const amount = uri.searchParams.get('amount') ?? '';
  expect(address).toMatch(/^tb1q[a-z0-9]+$/);
  expect(Number(amount)).toBeGreaterThan(0);

  // The page shows the same address and amount, the site's fiat price, QR code and countdown.
  await expect(page.getByText(address, { exact: true })).toBeVisible();
  await expect(page.locator('.payment__amount')).toHaveText(`${amount} BTC`);
  await expect(page.locator('.payment__fiat')).toHaveText('(14.00 USD)');
  await expect(page.getByRole('timer')).toHaveText(/^(20:00|19:5\d)$/);
  await expect(page.getByText(sayIn('en', paymentMessages.waiting))).toBeVisible();
  const qr = page.getByRole('img', { name: sayIn('en', paymentMessages.qrAlt) });
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const explorer = page.getByRole('link', { name: sayIn('en', paymentMessages.explorer) });
  await expect(explorer).toHaveAttribute(
    'href',
    `https://mempool.space/testnet/address/${address}`,
  );
  await expect(explorer).toHaveAttribute('target', '_blank');

  // Pay the amount on the fake chain, unconfirmed (in the mempool): the page's next
  // poll (at most 15 s) asks for a chain check and shows it seen, before any block.
  const sats = Math.round(Number(amount) * 1e8);
  const paid = await request.post('/dev/chain/pay', { data: { address, sats } });
  expect(paid.ok()).toBe(true);
  const { txid } = (await paid.json()) as { txid: string };
  await expect(page.getByText(sayIn('en', paymentMessages.processing))).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.pay) }),
  ).toBeVisible();

  // One block confirms it: complete.
  const mined = await request.post('/dev/chain/mine', { data: { blocks: 1 } });
  expect(mined.ok()).toBe(true);
  await expect(
    page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.complete) }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('status').filter({ hasText: sayIn('en', paymentMessages.completePaid) }),
  ).toBeVisible();
  // What happens next (issue 16.6): the ad waits for review; its days start at approval.
  await expect(page.getByText(sayIn('en', paymentMessages.nextReview))).toBeVisible();
  await expect(steps.locator('[data-step="payment"]')).toHaveAttribute('data-done', 'true');

  // The receipt (issue 16): order, ad, amounts in BTC and USD, rate, transaction, time paid.
  const receipt = page.getByRole('region', { name: sayIn('en', paymentMessages.receipt.heading) });
  const fact = (label: string) =>
    receipt.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd');
  await expect(fact('Order')).toHaveText(/^[0-9a-f-]{36}$/);
  await expect(fact('Ad')).toHaveText(`#${adId} ${title}`);
  await expect(fact('Bought')).toHaveText('VIP, 30 days');
  await expect(fact('Price')).toHaveText('14.00 USD');
  await expect(fact('Amount')).toHaveText(`${Number(amount).toFixed(8)} BTC`);
  await expect(fact('Exchange rate')).toHaveText(/^1 BTC = \d{1,3}(,\d{3})+\.\d{2} USD \(.+\)$/);
  await expect(fact('Received')).toHaveText(`${Number(amount).toFixed(8)} BTC (14.00 USD)`);
  await expect(fact('Transaction')).toHaveText(txid);
  await expect(fact('Paid on')).not.toBeEmpty();
  const orderId = (await fact('Order').textContent()) ?? '';

  // Printed, the page is the receipt alone.
  await page.emulateMedia({ media: 'print' });
  await expect(
    receipt.getByRole('heading', { name: sayIn('en', paymentMessages.receipt.heading) }),
  ).toBeVisible();
  await expect(steps).toBeHidden();
  await expect(
    page.getByRole('button', { name: sayIn('en', paymentMessages.receipt.print) }),
  ).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(
    page.getByRole('button', { name: sayIn('en', paymentMessages.receipt.print) }),
  ).toBeVisible();

  // The same receipt by mail, to the account's address.
  const mail = await waitForMail(request, email, (message) =>
    message.subject.startsWith(sayIn('en', mailMessages.receipt.subject({ adId }))),
  );
  for (const line of [
    `Order: ${orderId}`,
    `Amount: ${Number(amount).toFixed(8)} BTC`,
    `Transaction: ${txid}`,
    'Price: 14.00 USD',
  ]) {
    expect(mail.text).toContain(line);
  }

  // My Posts: a VIP ad of 30 days, held until a moderator approves it (its time starts
  // then), which can already be featured.
  await page.getByRole('main').getByRole('link', { name: 'My Posts' }).click();
  const card = page.getByRole('list', { name: 'Your ads' }).getByRole('listitem').filter({
    hasText: title,
  });
  await expect(card.getByText('VIP 30 days', { exact: true })).toBeVisible();
  await expect(
    card.getByText(sayIn('en', heldTimeSaid({ paidDays: 30, premiumDays: 0 }) ?? ''), {
      exact: true,
    }),
  ).toBeVisible();
  await expect(
    card.getByRole('link', { name: sayIn('en', paymentMessages.featureThisAd) }),
  ).toHaveAttribute('href', `/edit-post?id=${adId}&edit=auth&step=payment&product=premium`);

  // A renewal link opens the payment view at once. The paid ad waits for review, so
  // there is nothing to renew (issue 16.6): it says its 30 days wait for approval,
  // and offers no durations.
  await page.goto(`/edit-post?id=${adId}&edit=auth&renew=1`);
  await expect(
    page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.complete) }),
  ).toBeVisible();
  await expect(
    page.getByText(sayIn('en', paymentMessages.heldForReview({ days: 30 }))),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.renew) }),
  ).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  // Its receipt is there too.
  await expect(fact('Order')).toHaveText(orderId);
});
