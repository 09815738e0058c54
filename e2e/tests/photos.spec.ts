import { readFileSync } from 'node:fs';
import { adMessages, photoMessages, sayIn } from '@adboard/shared';
import { expect, test, type Locator } from '@playwright/test';
import { createAdByApi } from './ad-steps.js';
import { photoFile } from './images.js';
import { registerAndVerify, uniqueEmail } from './support.js';

const heicFixture = new URL('../../apps/server/test/fixtures/iphone-style.heic', import.meta.url);

/** True once the image has loaded from the server and has pixels. */
async function expectLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('an advertiser adds three photos at once, makes the third primary, deletes one and continues', async ({
  page,
}) => {
  await registerAndVerify(page, page.request, uniqueEmail('photos'), 'photos long passphrase');
  const id = await createAdByApi(page, `Photo ad ${Date.now()}`);
  await page.goto(`/edit-post?id=${id}&edit=auth&step=photos`);

  const heading = page.getByRole('heading', { name: 'Photos', exact: true });
  await expect(heading).toBeVisible();
  await expect(
    page.getByText(sayIn('en', photoMessages.verificationSlot.neverPublic)),
  ).toBeVisible();
  await expect(page.getByText('Your ad has no photos yet.')).toBeVisible();
  const update = page.getByRole('button', { name: 'Update Photos' });
  await expect(update).toBeDisabled();
  await expect(page.getByText(sayIn('en', photoMessages.uploadHint))).toBeVisible();

  // Three at once, through the input behind 'Choose photos'.
  await page
    .getByLabel('Add photos')
    .setInputFiles([photoFile('one.png', 1), photoFile('two.png', 2), photoFile('three.png', 3)]);
  const buffered = page.getByRole('list', { name: 'Photos to upload' }).getByRole('listitem');
  await expect(buffered).toHaveCount(3);
  for (const name of ['one.png', 'two.png', 'three.png']) {
    await expectLoaded(page.getByRole('img', { name: `Preview of ${name}` }));
  }

  // And the verification photo, in its own slot.
  await page
    .getByLabel(sayIn('en', photoMessages.verificationSlot.inputLabel))
    .setInputFiles(photoFile('sign.png', 9));
  await expectLoaded(page.getByRole('img', { name: 'Preview of sign.png' }));

  // Slow the answers down a little so every file's progress bar can be seen.
  await page.route('**/api/post/*/photos', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await update.click();
  for (const name of ['one.png', 'two.png', 'three.png']) {
    await expect(page.getByRole('progressbar', { name: `Uploading ${name}` })).toBeVisible();
  }
  await expect(update).toBeDisabled();

  // All sent: a verified ad goes on to Finalize Ad.
  await expect(page.getByRole('heading', { name: 'Finalize Ad' })).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/post/*/photos');
  const steps = page.getByRole('navigation', { name: 'Ad steps' });
  await expect(steps.locator('[data-step="photos"]')).toHaveAttribute('data-done', 'true');

  // Back to the photos: three public ones, the first primary, and the verification photo.
  await steps.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(heading).toBeVisible();
  const photos = page.getByRole('list', { name: 'Current photos' }).getByRole('listitem');
  await expect(photos).toHaveCount(3);
  for (let index = 0; index < 3; index += 1) {
    await expectLoaded(photos.nth(index).getByRole('img'));
  }
  await expect(photos.nth(0).getByText('Primary', { exact: true })).toBeVisible();
  await expectLoaded(
    page.getByRole('img', { name: sayIn('en', photoMessages.verificationSlot.currentAlt) }),
  );
  await expect(photos.nth(0).getByRole('button', { name: 'Make Primary' })).toHaveCount(0);

  await photos.nth(2).getByRole('button', { name: 'Make Primary' }).click();
  await expect(photos.nth(2).getByText('Primary', { exact: true })).toBeVisible();
  await expect(photos.nth(0).getByText('Primary', { exact: true })).toHaveCount(0);

  await photos.nth(1).getByRole('button', { name: 'Delete' }).click();
  await expect(photos).toHaveCount(2);
  await expect(photos.nth(1).getByText('Primary', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('img', { name: sayIn('en', photoMessages.verificationSlot.currentAlt) }),
  ).toBeVisible();

  // What the page shows is what the server has.
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(photos).toHaveCount(2);
  await expect(photos.nth(1).getByText('Primary', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Finalize Ad' })).toBeVisible();
  await page.getByRole('button', { name: sayIn('en', adMessages.wizard.submitForReview) }).click();
  await expect(
    page.getByRole('status').filter({ hasText: sayIn('en', adMessages.wizard.submitted) }),
  ).toBeVisible();
});

test('a file that is not an image is refused with a message and nothing is uploaded', async ({
  page,
}) => {
  await registerAndVerify(page, page.request, uniqueEmail('refused'), 'refused long passphrase');
  const id = await createAdByApi(page, `Refused photo ad ${Date.now()}`);
  await page.goto(`/edit-post?id=${id}&edit=auth&step=photos`);
  await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible();

  // Named like a photo, so only the server can tell.
  await page.getByLabel('Add photos').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not a picture at all'),
  });
  await page.getByRole('button', { name: 'Update Photos' }).click();
  const item = page.getByRole('list', { name: 'Photos to upload' }).getByRole('listitem');
  await expect(item.getByText(sayIn('en', photoMessages.notAnImage))).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: sayIn('en', photoMessages.uploadFailed) }),
  ).toBeVisible();
  await expect(page.getByText('Your ad has no photos yet.')).toBeVisible();

  await item.getByRole('button', { name: 'Remove' }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update Photos' })).toBeDisabled();
});

test("a phone's HEIC photo is taken: 'No preview' where the browser cannot draw it, then stored and shown (issue 24)", async ({
  page,
}) => {
  await registerAndVerify(page, page.request, uniqueEmail('heic'), 'heic long passphrase');
  const id = await createAdByApi(page, `HEIC photo ad ${Date.now()}`);
  await page.goto(`/edit-post?id=${id}&edit=auth&step=photos`);
  await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible();
  await expect(
    page.getByText(/JPEG, PNG, WebP, AVIF or HEIC, up to 20 MB and 50 megapixels each/),
  ).toBeVisible();
  const accept = await page.getByLabel('Add photos').getAttribute('accept');
  expect(accept?.split(',')).toEqual(expect.arrayContaining(['image/heic', '.heic']));

  // A real HEIC as an iPhone writes it (HEVC, with Exif): apps/server/test/fixtures.
  await page.getByLabel('Add photos').setInputFiles({
    name: 'IMG_0420.HEIC',
    mimeType: 'image/heic',
    buffer: readFileSync(heicFixture),
  });
  const item = page.getByRole('list', { name: 'Photos to upload' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  // Chromium cannot draw HEIC: the card says so instead of showing a broken image.
  await expect(item.getByText(sayIn('en', photoMessages.noPreview))).toBeVisible();
  await expect(item.getByRole('img')).toHaveCount(0);

  await page.getByRole('button', { name: 'Update Photos' }).click();
  // A verified ad stays on Photos until its verification photo is there.
  await expect(item).toHaveCount(0, { timeout: 30_000 });
  const photos = page.getByRole('list', { name: 'Current photos' }).getByRole('listitem');
  await expect(photos).toHaveCount(1);
  // The server made a WebP of it, which the browser draws.
  await expectLoaded(photos.nth(0).getByRole('img'));
});
