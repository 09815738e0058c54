import {
  consoleMessages,
  publicSiteSchema,
  verificationPhotoCode,
  catalogueAreas,
  messagesOf,
} from '@adboard/shared';
import { expect, test, type Locator } from '@playwright/test';
import { adIdInAddress, postFreeVerifiedAd, submitForReview } from './ad-steps.js';
import { photoFile } from './images.js';
import { cityOrigin, registerAndVerify, signInAsModerator, uniqueEmail } from './support.js';

const slotText = messagesOf(catalogueAreas.photos, 'en').verificationSlot;
const CODE = new RegExp(`^[${verificationPhotoCode.alphabet}]{${verificationPhotoCode.length}}$`);

/** True once the image has loaded from the server and has pixels. */
async function expectLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('a free verified ad gets its verification photo in its own slot, and the moderator sees the code and the upload date beside it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await registerAndVerify(page, request, uniqueEmail('sign'), 'verification photo passphrase');
  const site = publicSiteSchema.parse(await (await page.request.get('/api/site')).json());
  await page.getByRole('link', { name: 'Post a New Ad' }).click();
  const title = `Verified evenings ${Date.now()}`;
  // Through the wizard: the verification photo goes into its slot, then Finalize Ad.
  await postFreeVerifiedAd(page, { title, phone: '702-208-4641' });
  const adId = await adIdInAddress(page);
  expect(adId).toMatch(/^\d+$/);

  // Back on Photos: the slot says what the paper shows, never public, with the ad's code.
  const steps = page.getByRole('navigation', { name: 'Ad steps' });
  await steps.getByRole('button', { name: 'Photos', exact: true }).click();
  const slot = page.getByRole('region', { name: slotText.heading });
  await expect(slot).toBeVisible();
  await expect(slot.getByText(slotText.neverPublic)).toBeVisible();
  await expect(slot.getByText(site.name, { exact: true })).toBeVisible();
  const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date());
  await expect(slot.getByText(today, { exact: true })).toBeVisible();
  const codeText = slot.getByTestId('verification-code');
  await expect(codeText).toHaveText(CODE);
  const code = (await codeText.textContent())?.trim() ?? '';
  // The photo is in the slot, not among the public photos.
  await expectLoaded(slot.getByRole('img', { name: slotText.currentAlt }));
  await expect(page.getByText('Your ad has no photos yet.')).toBeVisible();

  // A new choice replaces it: still one verification photo.
  await slot.getByLabel(slotText.inputLabel).setInputFiles(photoFile('sign-again.png', 4));
  await expect(slot.getByRole('img', { name: 'Preview of sign-again.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Photos' }).click();
  await expect(page.getByRole('heading', { name: 'Finalize Ad' })).toBeVisible();
  await submitForReview(page);

  // The moderator sees the verification photo with the code and the day it was uploaded.
  const moderator = await signInAsModerator(browser, baseURL ?? '');
  await moderator.goto(`/admin/posts/${adId}`);
  // The console's chunks load on the first visit.
  await expect(moderator.getByRole('heading', { name: title })).toBeVisible({ timeout: 20_000 });
  const sign = moderator.getByRole('listitem').filter({
    has: moderator.getByText(consoleMessages.review.verificationPhoto, { exact: true }),
  });
  await expect(sign).toHaveCount(1);
  await expectLoaded(sign.getByRole('img'));
  await expect(sign.getByText(consoleMessages.review.verificationCodeLabel)).toBeVisible();
  await expect(sign.getByText(code, { exact: true })).toBeVisible();
  await expect(sign.getByText(consoleMessages.review.verificationUploadedLabel)).toBeVisible();
  const uploaded = Date.parse((await sign.locator('time').getAttribute('datetime')) ?? '');
  expect(Math.abs(Date.now() - uploaded)).toBeLessThan(10 * 60_000);
  await moderator.getByRole('button', { name: 'Approve' }).click();
  await expect(moderator).toHaveURL(/\/admin$/);
  await moderator.context().close();

  // Live: the public page never shows the verification photo (it is the ad's only photo).
  const publicPage = await page.context().newPage();
  await expect(async () => {
    const details = await publicPage.goto(`${cityOrigin(page, 'las-vegas')}/ads/details/${adId}`);
    expect(details?.status()).toBe(200);
  }).toPass({ timeout: 15_000 });
  await expect(publicPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(publicPage.locator('img[src*="/photos/"]')).toHaveCount(0);
  await expect(publicPage.getByText(code)).toHaveCount(0);
});
