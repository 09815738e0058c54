import { readFile } from 'node:fs/promises';
import {
  accountDataExportSchema,
  accountDataFormat,
  accountMessages,
  sayIn,
  sayAllIn,
} from '@adboard/shared';
import { expect, test, type Page } from '@playwright/test';
import { adIdInAddress, postFreeVerifiedAd, submitForReview } from './ad-steps.js';
import { expectAccessible, viewports } from './axe.js';
import { cityOrigin, registerAndVerify, signInAsModerator, uniqueEmail } from './support.js';

const data = sayAllIn('en', accountMessages.data);
const deletion = sayAllIn('en', accountMessages.deletion);

/** The public details page answers `status` (a fresh visit each time: pages are cached 5 s). */
async function expectPublicStatus(page: Page, url: string, status: number): Promise<void> {
  let visit = 0;
  await expect(async () => {
    visit += 1;
    const answer = await page.goto(`${url}?visit=${Date.now()}-${visit}`);
    expect(answer?.status()).toBe(status);
  }).toPass({ timeout: 15_000 });
}

test('an advertiser downloads their data, then deletes the account: sign-in is refused and the ad is gone', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('leaving');
  const password = 'leaving the site passphrase';
  await registerAndVerify(page, request, email, password);
  await page.getByRole('link', { name: 'Post a New Ad' }).click();
  const title = `Quiet evenings ${Date.now()}`;
  await postFreeVerifiedAd(page, { title, phone: '702-208-4677' });
  await submitForReview(page);
  const adId = await adIdInAddress(page);
  expect(adId).toMatch(/^\d+$/);
  const detailsUrl = `${cityOrigin(page, 'las-vegas')}/ads/details/${adId}`;

  // A moderator approves it: it is public.
  const moderator = await signInAsModerator(browser, baseURL ?? '');
  await moderator.goto('/admin');
  await moderator
    .getByRole('table', { name: 'Review queue' })
    .getByRole('link', { name: title })
    .click();
  await moderator.getByRole('button', { name: 'Approve' }).click();
  await expect(moderator).toHaveURL(/\/admin$/);
  const visitor = await browser.newPage();
  await expectPublicStatus(visitor, detailsUrl, 200);

  // Your data: the password again, then the file, named with the day.
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: data.heading })).toBeVisible();
  await page.getByRole('button', { name: data.download }).click();
  const askData = page.getByRole('dialog', { name: data.dialogTitle });
  await askData.getByLabel(sayIn('en', accountMessages.reauth.passwordLabel)).fill(password);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    askData.getByRole('button', { name: data.downloadSubmit }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^account-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  const file = accountDataExportSchema.parse(JSON.parse(text));
  expect(file.format).toBe(accountDataFormat);
  expect(file.account.email).toBe(email);
  expect(file.ads.map((ad) => [ad.id, ad.title, ad.status])).toEqual([[adId, title, 'active']]);
  expect(file.ads[0]?.photos.length).toBeGreaterThan(0);
  expect(file.sessions.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/argon2|token_?hash|password_?hash/i);
  await expect(page.getByText(data.downloaded)).toBeVisible();

  // Delete account: the one dialog asks for the password; checked at a phone's width too.
  await page.setViewportSize(viewports.phone);
  await page.getByRole('button', { name: deletion.open }).click();
  const askDelete = page.getByRole('dialog', { name: deletion.dialogTitle });
  await expect(askDelete).toBeVisible();
  await expectAccessible(page, '/account (delete dialog)');
  await page.setViewportSize(viewports.phone);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await askDelete.getByLabel(sayIn('en', accountMessages.reauth.passwordLabel)).fill(password);
  await askDelete.getByRole('button', { name: deletion.confirm }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(deletion.deleted)).toBeVisible();

  // Signing in again is refused with the catalogue's words.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(deletion.signInRefused)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The ad is gone from the public page.
  await expectPublicStatus(visitor, detailsUrl, 404);
});
