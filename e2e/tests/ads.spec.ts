import { adMessages, sayIn } from '@adboard/shared';
import { expect, test } from '@playwright/test';
import {
  adCard,
  createAdByApi,
  postAndSubmitAd,
  postFreeVerifiedAd,
  submitForReview,
} from './ad-steps.js';
import { registerAndVerify, uniqueEmail, waitForMail } from './support.js';

test('a signed-in advertiser posts a free verified ad in Las Vegas and sees it in My Posts', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('poster');
  await registerAndVerify(page, request, email, 'poster long passphrase');
  await page.getByRole('link', { name: 'Post a New Ad' }).click();
  await expect(page).toHaveURL(/\/edit-post/);

  const title = `Evening companionship ${Date.now()}`;
  await postFreeVerifiedAd(page, { title, phone: '702-208-4567' });
  await expect(page.getByLabel('Email')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('activePost'))).toContain('post_id');
  await submitForReview(page);

  await page.getByRole('main').getByRole('link', { name: 'My Posts' }).click();
  await expect(page).toHaveURL(/\/posts$/);
  const card = adCard(page, title);
  await expect(card).toHaveCount(1);
  await expect(card.getByText('PENDING', { exact: true })).toBeVisible();
  await expect(card.getByText('Free', { exact: true })).toBeVisible();
  await expect(card.getByText('Las Vegas', { exact: false })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    /\/edit-post\?id=\d+&edit=auth$/,
  );
});

test('an anonymous poster posts, opens the emailed edit link and verifies email and phone', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('anon');
  const title = `Quiet evenings ${Date.now()}`;
  await postAndSubmitAd(page, { title, phone: '702-208-4590', email });

  const mail = await waitForMail(request, email, (m) => /edit/i.test(m.subject));
  const editLink = new URL(mail.text.match(/https?:\/\/\S+\/edit-post\?\S+/)?.[0] ?? '');
  const activationLink = new URL(mail.text.match(/https?:\/\/\S+\/activate\?\S+/)?.[0] ?? '');

  // A fresh browser state: the edit link alone opens the ad.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${editLink.pathname}${editLink.search}`);
  await expect(
    page.getByRole('heading', { name: 'Posting on Las Vegas, United States' }),
  ).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();

  await page.goto(`${activationLink.pathname}${activationLink.search}`);
  await expect(page.getByText(sayIn('en', adMessages.verification.emailVerified))).toBeVisible();
  await expect(page.getByText(sayIn('en', adMessages.verification.smsSent))).toBeVisible();
  const sms = await waitForMail(request, '+17022084590', (m) => m.channel === 'sms');
  const code = sms.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  await page.getByLabel('SMS code').fill(code);
  await page.getByRole('button', { name: 'Verify phone' }).click();
  await expect(page.getByText(sayIn('en', adMessages.verification.complete))).toBeVisible();
});

test('the delete dialog removes an ad from My Posts', async ({ page, request }) => {
  await registerAndVerify(page, request, uniqueEmail('deleter'), 'deleter long passphrase');
  const title = `Ad to remove ${Date.now()}`;
  await createAdByApi(page, title);
  await page.reload();

  const card = adCard(page, title);
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: sayIn('en', adMessages.posts.deleteTitle) });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(sayIn('en', adMessages.posts.deleteBody));
  await dialog.getByRole('button', { name: sayIn('en', adMessages.posts.deleteCancel) }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveCount(1);

  await card.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: sayIn('en', adMessages.posts.deleteConfirm) }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Post a New Ad' })).toBeVisible();
});

test('an unavailable step cannot be opened', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/edit-post');
  const rules = page.getByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) });
  await expect(rules).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Ad steps' });

  for (const name of ['Type', 'Ad', 'Photos', 'Finalize Ad']) {
    const step = steps.getByRole('button', { name, exact: true });
    await expect(step).toHaveAttribute('aria-disabled', 'true');
    // Playwright treats aria-disabled as disabled: force the click a user could still make.
    await step.click({ force: true });
    await expect(rules).toBeVisible();
  }
  expect(warnings.filter((text) => /not available/.test(text))).toHaveLength(4);

  await page.getByLabel(sayIn('en', adMessages.wizard.rulesAccept)).check();
  const type = steps.getByRole('button', { name: 'Type', exact: true });
  await expect(type).not.toHaveAttribute('aria-disabled', 'true');
  await type.click();
  await expect(page.getByText('2. Choose ad type')).toBeVisible();
  await expect(steps.getByRole('button', { name: 'Photos', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
});
