import {
  adMessages,
  catalogueAreas,
  durationSaid,
  formatMoneyIn,
  messagesOf,
  type AdActivation,
  type CityPrices,
  sayIn,
} from '@adboard/shared';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adIdInAddress, postFreeVerifiedAd, submitForReview } from './ad-steps.js';
import { uniqueEmail, waitForMail } from './support.js';

/** The ad form's words in English, as the app shows them. */
const adFormWords = messagesOf(catalogueAreas.adForm, 'en');
const adTypeLabels = adFormWords.types;

/** The journey's texts in English, as the app shows them. */
const journeyMessages = messagesOf(catalogueAreas.journey, 'en');

/** Issue 16, the advertiser's journey signed out: from the type step to an activated phone. */

interface OutboxMessage {
  channel: string;
  to: string;
  text: string;
}

/** What the local outbox holds for a number, newest first (GET /dev/outbox). */
async function textsTo(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as OutboxMessage[]).filter((m) => m.channel === 'sms');
}

const codeIn = (message: OutboxMessage | undefined) =>
  message?.text.match(/\b(\d{6})\b/)?.[1] ?? '';

test('the type step shows the exact prices of the chosen city, Free for the free types', async ({
  page,
  request,
}) => {
  await page.goto('/edit-post');
  await page.getByLabel(sayIn('en', adMessages.wizard.rulesAccept)).check();
  await page.getByRole('button', { name: sayIn('en', adMessages.wizard.agree) }).click();
  await page.getByLabel('City').selectOption('las-vegas');

  const prices = (await (
    await request.get('/api/prices?country=US&city=las-vegas')
  ).json()) as CityPrices;
  const vip = page.locator('label').filter({
    has: page.getByRole('radio', { name: adTypeLabels.paid.title }),
  });
  for (const option of prices.products.paid) {
    // The BTC follows the rate of the moment: the exact fiat, then a BTC amount of 8 decimals.
    const fiat = journeyMessages.prices.option({
      label: sayIn('en', durationSaid(option.id)),
      price: formatMoneyIn(Number(option.amount), prices.currency, 'en'),
    });
    await expect(vip).toContainText(
      new RegExp(`${fiat.replace(/[.()]/g, '\\$&')} \\(\\d+\\.\\d{8} BTC\\)`),
    );
  }
  for (const type of ['free', 'free_verified'] as const) {
    const card = page.locator('label').filter({
      has: page.getByRole('radio', { name: adTypeLabels[type].title }),
    });
    await expect(card.getByText(journeyMessages.prices.free, { exact: true })).toBeVisible();
  }
});

test('posted signed out: the next steps name the address, the mail holds the links, a resent SMS code activates', async ({
  page,
  request,
}) => {
  // 'Resend code' waits the server's gap (a minute) after the first text.
  test.setTimeout(180_000);
  const email = uniqueEmail('journey');
  const phone = '702-208-4594';
  const e164 = '+17022084594';
  const title = `Anonymous journey ${Date.now()}`;

  await page.goto('/edit-post');
  await postFreeVerifiedAd(page, { title, phone, email });
  await submitForReview(page);

  // The page after the submission: in order, naming the exact address.
  const next = journeyMessages.afterSubmission;
  const steps = page.getByRole('list', { name: next.heading });
  await expect(steps).toBeVisible();
  await expect(steps.getByRole('heading')).toHaveText([
    next.checkMailTitle,
    next.linksTitle,
    next.smsTitle,
    next.reviewTitle,
    next.publicTitle,
  ]);
  await expect(steps.getByText(next.checkMail({ email }))).toBeVisible();
  const postId = await adIdInAddress(page);
  const token = await page.evaluate(() => localStorage.getItem('activePost'));
  const activation = (await (
    await request.get(`/api/post/${postId}/activation`, {
      headers: { 'edit-token': (JSON.parse(token ?? '{}') as { token?: string }).token ?? '' },
    })
  ).json()) as AdActivation;
  expect(activation.email).toBe(email);
  await expect(steps.getByRole('listitem').filter({ hasText: /^Activation link/ })).toContainText(
    `${activation.links[0]?.validDays ?? 0} days`,
  );

  // The mail went to that address, with the links the page named.
  const mail = await waitForMail(request, email, (m) => /edit/i.test(m.subject));
  expect(mail.text).toMatch(/\/edit-post\?/);
  expect(mail.text).toMatch(/\/completeregistration\?/);
  const activationLink = new URL(mail.text.match(/https?:\/\/\S+\/activate\?\S+/)?.[0] ?? '');

  // The activation link: the email is verified and a first code is texted.
  await page.goto(`${activationLink.pathname}${activationLink.search}`);
  await expect(page.getByText(sayIn('en', adMessages.verification.emailVerified))).toBeVisible();
  await expect(page.getByText(sayIn('en', adMessages.verification.smsSent))).toBeVisible();
  await expect.poll(async () => (await textsTo(request, e164)).length).toBe(1);
  const first = codeIn((await textsTo(request, e164))[0]);

  // 'Resend code' counts the server's wait down, then texts a new code.
  const resend = page.getByRole('button', { name: /^Resend code/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Resend code in /);
  await expect(resend).toBeEnabled({ timeout: 90_000 });
  await resend.click();
  await expect(page.getByRole('status').filter({ hasText: /new code/ })).toBeVisible();
  await expect(resend).toBeDisabled();
  await expect.poll(async () => (await textsTo(request, e164)).length).toBe(2);
  const second = codeIn((await textsTo(request, e164))[0]);

  const codeField = page.getByLabel('SMS code');
  if (second !== first) {
    // The first code no longer works.
    await codeField.fill(first);
    await page.getByRole('button', { name: 'Verify phone' }).click();
    await expect(page.getByText(sayIn('en', adMessages.verification.smsCodeFailed))).toBeVisible();
  }
  await codeField.fill(second);
  await page.getByRole('button', { name: 'Verify phone' }).click();
  await expect(page.getByText(sayIn('en', adMessages.verification.complete))).toBeVisible();
});
