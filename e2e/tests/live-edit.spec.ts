import { consoleMessages, lifecycleMessages, sayIn } from '@adboard/shared';
import { expect, test, type Page } from '@playwright/test';
import { adCard, adIdInAddress, postFreeVerifiedAd, submitForReview } from './ad-steps.js';
import { cityOrigin, registerAndVerify, signInAsModerator, uniqueEmail } from './support.js';

/**
 * The public details page shows `title`: the server caches pages up to 5 seconds and
 * browsers up to max-age, so each look is a fresh visit (a query the page ignores).
 */
async function expectPublicTitle(page: Page, url: string, title: string): Promise<void> {
  let visit = 0;
  await expect(async () => {
    visit += 1;
    const answer = await page.goto(
      `${url}${url.includes('?') ? '&' : '?'}visit=${Date.now()}-${visit}`,
    );
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test('an edit of a live ad waits for review while the approved version stays public', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('live-edit');
  await registerAndVerify(page, request, email, 'live edit poster passphrase');
  await page.getByRole('link', { name: 'Post a New Ad' }).click();
  const stamp = Date.now();
  const oldTitle = `Live evenings ${stamp}`;
  const newTitle = `Live evenings renamed ${stamp}`;
  await postFreeVerifiedAd(page, { title: oldTitle, phone: '702-208-4633' });
  await submitForReview(page);
  const adId = await adIdInAddress(page);
  expect(adId).toMatch(/^\d+$/);
  const detailsUrl = `${cityOrigin(page, 'las-vegas')}/ads/details/${adId}`;

  // The moderator approves it from the console: it goes live.
  const moderator = await signInAsModerator(browser, baseURL ?? '');
  await moderator.goto('/admin');
  const queue = moderator.getByRole('table', { name: 'Review queue' });
  await queue.getByRole('link', { name: oldTitle }).click();
  await expect(moderator.getByRole('heading', { name: oldTitle })).toBeVisible();
  await moderator.getByRole('button', { name: 'Approve' }).click();
  await expect(moderator).toHaveURL(/\/admin$/);

  const publicPage = await page.context().newPage();
  await expectPublicTitle(publicPage, detailsUrl, oldTitle);

  // The owner edits the title: the form warns before saving that a moderator reviews it.
  await page.goto('/posts');
  await adCard(page, oldTitle).getByRole('link', { name: 'Edit' }).click();
  const formHeading = page.getByRole('heading', { name: 'Posting on Las Vegas, United States' });
  if (!(await formHeading.isVisible())) {
    await page.getByRole('navigation', { name: 'Ad steps' }).getByRole('button').nth(2).click();
  }
  await expect(formHeading).toBeVisible();
  await expect(page.getByText(sayIn('en', lifecycleMessages.editLive))).toBeVisible();
  const title = page.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue(oldTitle);
  await title.fill(newTitle);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(sayIn('en', lifecycleMessages.editSavedForReview))).toBeVisible();

  // My Posts lists the approved title with the change waiting; the public page keeps it
  // (read again once the 5-second cache of public pages has passed).
  await page.goto('/posts');
  await expect(
    adCard(page, oldTitle).getByText(sayIn('en', lifecycleMessages.pendingRevision), {
      exact: true,
    }),
  ).toBeVisible();
  await publicPage.waitForTimeout(5_500);
  await expectPublicTitle(publicPage, detailsUrl, oldTitle);
  await expect(publicPage.getByText(newTitle)).toHaveCount(0);

  // The moderator sees what the edit changes, then approves it from the console.
  await moderator.goto(`/admin/posts/${adId}`);
  const changes = moderator.getByRole('region', { name: consoleMessages.review.revisionHeading });
  const titleRow = changes.getByRole('row', {
    name: new RegExp(consoleMessages.review.facts.title),
  });
  await expect(titleRow.getByRole('cell').nth(0)).toHaveText(oldTitle);
  await expect(titleRow.getByRole('cell').nth(1)).toHaveText(newTitle);
  await moderator.getByRole('button', { name: 'Approve' }).click();
  await expect(moderator).toHaveURL(/\/admin$/);
  await moderator.context().close();

  await expectPublicTitle(publicPage, detailsUrl, newTitle);
  await expect(publicPage.getByText(oldTitle)).toHaveCount(0);
});
