import { publicPageText } from '@adboard/shared';
import { expect, test } from '@playwright/test';
import { adCard, adIdInAddress, postFreeVerifiedAd, submitForReview } from './ad-steps.js';
import { cityOrigin, registerAndVerify, signInAsModerator, uniqueEmail } from './support.js';

test('a moderator approves a pending ad; it goes public on its city page and the owner sees APPROVED and previews it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('reviewed');
  await registerAndVerify(page, request, email, 'reviewed poster passphrase');
  await page.getByRole('link', { name: 'Post a New Ad' }).click();
  const title = `Reviewed evenings ${Date.now()}`;
  await postFreeVerifiedAd(page, { title, phone: '702-208-4621' });
  await submitForReview(page);
  const adId = await adIdInAddress(page);
  expect(adId).toMatch(/^\d+$/);

  // Not public while it waits for review.
  const publicPage = await page.context().newPage();
  const waiting = await publicPage.goto(`${cityOrigin(page, 'las-vegas')}/ads/details/${adId}`);
  expect(waiting?.status()).toBe(404);

  // The moderator finds it in the queue and approves it.
  const moderator = await signInAsModerator(browser, baseURL ?? '');
  await moderator.goto('/admin');
  const queue = moderator.getByRole('table', { name: 'Review queue' });
  await queue.getByRole('link', { name: title }).click();
  await expect(moderator.getByRole('heading', { name: title })).toBeVisible();
  await moderator.getByRole('button', { name: 'Approve' }).click();
  await expect(moderator).toHaveURL(/\/admin$/);
  await expect(queue.getByRole('link', { name: title })).toHaveCount(0);
  await moderator.context().close();

  // The city page lists it (public pages are cached up to 5 seconds, so the 404 seen
  // above may be answered once more) and its details page shows it, with no script.
  await expect(async () => {
    await publicPage.goto(`${cityOrigin(page, 'las-vegas')}/`);
    await expect(publicPage.getByRole('link', { name: title })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(publicPage.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    new RegExp(`/ads/details/${adId}$`),
  );
  await expect(async () => {
    const details = await publicPage.goto(`${cityOrigin(page, 'las-vegas')}/ads/details/${adId}`);
    expect(details?.status()).toBe(200);
  }).toPass({ timeout: 15_000 });
  await expect(publicPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(publicPage.getByText('Relaxed evenings, good conversation')).toBeVisible();
  await expect(publicPage.locator('script')).toHaveCount(0);

  // A reader reports it with the page's own form (no script): the page thanks them.
  await expect(
    publicPage.getByRole('heading', { name: publicPageText('en').reportTitle }),
  ).toBeVisible();
  await publicPage
    .getByLabel(publicPageText('en').reportReasonLabel)
    .selectOption({ label: 'Wrong phone number or email' });
  await publicPage.getByLabel(publicPageText('en').reportDetailsLabel).fill('The number is off.');
  await publicPage.getByRole('button', { name: publicPageText('en').reportSubmit }).click();
  // The page opens on the report section, where the thanks are (issue 24).
  await expect(publicPage).toHaveURL(new RegExp(`/ads/details/${adId}\\?reported=1#report$`));
  await expect(publicPage.getByText(publicPageText('en').reportThanks)).toBeVisible();

  // The owner's card says APPROVED, and View opens the preview on the city subdomain.
  await page.goto('/posts');
  const card = adCard(page, title);
  await expect(card.getByText('APPROVED', { exact: true })).toBeVisible();
  const popupPromise = page.context().waitForEvent('page');
  await card.getByRole('button', { name: 'View' }).click();
  const preview = await popupPromise;
  await expect(preview).toHaveURL(
    new RegExp(`^http://las-vegas\\.localhost:\\d+/ads/details/${adId}\\?preview=true&token=`),
  );
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  // Approved and public: the preview says so, and offers no report form (issue 24).
  await expect(preview.getByText(publicPageText('en').previewBannerPublic)).toBeVisible();
  await expect(preview.getByText(publicPageText('en').previewBanner)).toHaveCount(0);
  await expect(
    preview.getByRole('button', { name: publicPageText('en').reportSubmit }),
  ).toHaveCount(0);
});
