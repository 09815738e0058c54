import { publicPageText } from '@adboard/shared';
import { expect, test } from '@playwright/test';
import { adIdInAddress, postFreeVerifiedAd, submitForReview } from './ad-steps.js';
import { cityOrigin, registerAndVerify, signInAsModerator, uniqueEmail } from './support.js';

const phone = { width: 390, height: 844 };

test("on a phone, 'Send report' lands on the report's confirmation, not the top of the page", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await registerAndVerify(page, request, uniqueEmail('reported'), 'reported poster passphrase');
  await page.getByRole('link', { name: 'Post a New Ad' }).click();
  const title = `Reported on a phone ${Date.now()}`;
  await postFreeVerifiedAd(page, { title, phone: '702-208-4655' });
  await submitForReview(page);
  const adId = await adIdInAddress(page);
  expect(adId).toMatch(/^\d+$/);

  // A moderator approves it: it is public.
  const moderator = await signInAsModerator(browser, baseURL ?? '');
  const approved = await moderator.evaluate(async (id) => {
    const res = await fetch(`/api/admin/posts/${id}/approve`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        session: localStorage.getItem('session') ?? '',
      },
      body: '{}',
    });
    return res.status;
  }, adId);
  expect(approved).toBe(200);
  await moderator.context().close();

  // A reader on a phone opens it (public pages are cached up to 5 seconds).
  const reader = await browser.newContext({ viewport: phone });
  const readerPage = await reader.newPage();
  const details = `${cityOrigin(page, 'las-vegas')}/ads/details/${adId}`;
  await expect(async () => {
    expect((await readerPage.goto(details))?.status()).toBe(200);
  }).toPass({ timeout: 15_000 });
  await expect(readerPage.getByRole('heading', { name: title })).toBeVisible();

  await readerPage
    .getByLabel(publicPageText('en').reportReasonLabel)
    .selectOption({ label: 'Wrong phone number or email' });
  await readerPage.getByRole('button', { name: publicPageText('en').reportSubmit }).click();
  const thanks = readerPage
    .getByRole('status')
    .filter({ hasText: publicPageText('en').reportThanks });
  await expect(thanks).toBeVisible();
  // In view without scrolling: the page opened where the confirmation is.
  await expect(thanks).toBeInViewport();
  await readerPage.screenshot({ path: '/tmp/webux-report-thanks-390.png' });
  await reader.close();
});
