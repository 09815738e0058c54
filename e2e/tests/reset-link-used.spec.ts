import { catalogueAreas, messagesOf } from '@adboard/shared';
import { expect, test } from '@playwright/test';
import { registerAndVerify, uniqueEmail, waitForMail } from './support.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

test('a reset link opened a second time says it was used or expired and offers a new one, filled in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('used-link');
  await registerAndVerify(page, request, email, 'first long passphrase');
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/forgotpassword');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(answersEn.auth.forgotSent)).toBeVisible();
  const mail = await waitForMail(request, email, (m) => /reset your password/i.test(m.subject));
  const url = new URL(mail.text.match(/https?:\/\/\S+\/resetpassword\?\S+/)?.[0] ?? '');
  const link = `${url.pathname}${url.search}`;

  const choose = async (password: string) => {
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
  };
  await choose('second long passphrase');
  await expect(page.getByText(answersEn.auth.resetDone)).toBeVisible();

  // The same link again: it says what happened, not 'try again later', and no form to retry.
  await choose('third long passphrase');
  await expect(
    page.getByRole('alert').filter({ hasText: answersEn.auth.resetLinkGone }),
  ).toBeVisible();
  await expect(page.getByText(answersEn.auth.resetFailed)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0);

  // A new link is one click away, for the same address.
  await page.getByRole('link', { name: answersEn.auth.resetRequestNew }).click();
  await expect(page).toHaveURL(/\/forgotpassword\?email=/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
});
