import { catalogueAreas, messagesOf } from '@adboard/shared';
import { expect, test } from '@playwright/test';
import { openMenu, registerAndVerify, uniqueEmail, waitForMail } from './support.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

test('an advertiser registers, verifies, logs out and in, and resets the password', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('jane');
  const password = 'first long passphrase';
  await registerAndVerify(page, request, email, password);

  await expect(page.getByText(answersEn.posts.noPosts)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Post a New Ad' })).toHaveAttribute(
    'href',
    '/edit-post',
  );

  await openMenu(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/posts$/);
  await expect(page.getByText(answersEn.posts.noPosts)).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(answersEn.auth.forgotSent)).toBeVisible();

  const mail = await waitForMail(request, email, (m) => /reset your password/i.test(m.subject));
  const link = mail.text.match(/https?:\/\/\S+\/resetpassword\?\S+/)?.[0] ?? '';
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  const newPassword = 'second long passphrase';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(answersEn.auth.resetDone)).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).last().click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(answersEn.auth.invalidCredentials);

  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/posts$/);
});

test('a wrong password shows the invalid-credentials message', async ({ page, request }) => {
  const email = uniqueEmail('wrongpw');
  await registerAndVerify(page, request, email, 'the right passphrase');
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the right one');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials. Please try again!');
  await expect(page).toHaveURL(/\/login$/);
});

test('the menu shows the signed-out items, then the signed-in items', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await openMenu(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Post New Ad']);
  await expect(nav.getByRole('link', { name: 'Post New Ad' })).toHaveAttribute('href', '/login');

  await registerAndVerify(page, request, uniqueEmail('menu'), 'menu test passphrase');
  await openMenu(page);
  await expect(nav.getByRole('link')).toHaveText(['Post New Ad', 'My Posts', 'Account', 'Logout']);
  await expect(nav.getByRole('link', { name: 'Post New Ad' })).toHaveAttribute(
    'href',
    '/edit-post',
  );
  await expect(nav.getByRole('link', { name: 'My Posts' })).toHaveAttribute('href', '/posts');
  await expect(nav.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');

  // A stored session survives a reload and sends /login on to /posts.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/posts$/);
});

test('the page frame carries the brand of the site asked for', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle(/Adboard Local/);
  const brand = page.locator('a.brand');
  await expect(brand).toHaveAttribute('href', '/');
  await expect(brand).toHaveText('Adboard local');
  await expect(page.getByRole('link', { name: 'support@localhost.example' })).toBeVisible();
});
