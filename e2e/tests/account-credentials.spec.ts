import { accountMessages, sayIn, sayAllIn } from '@adboard/shared';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, viewports } from './axe.js';
import { registerAndVerify, uniqueEmail, waitForMail } from './support.js';

const password = sayAllIn('en', accountMessages.password);
const email = sayAllIn('en', accountMessages.email);

async function signIn(page: Page, address: string, secret: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('change the password on the account page, then sign in with the new one only', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const address = uniqueEmail('new-password');
  const oldSecret = 'the old account passphrase';
  const newSecret = 'the new account passphrase';
  await registerAndVerify(page, request, address, oldSecret);

  await page.goto('/account');
  const section = page.getByRole('region', { name: password.heading });
  await section.getByLabel(password.current, { exact: true }).fill(oldSecret);
  await section.getByLabel(password.new, { exact: true }).fill(newSecret);
  await section.getByLabel(password.confirm).fill(newSecret);
  await section.getByRole('button', { name: password.submit }).click();
  await expect(page.getByText(password.changed)).toBeVisible();
  await waitForMail(request, address, (m) =>
    m.subject.startsWith(sayIn('en', accountMessages.mail.passwordChanged.subject)),
  );

  await page.goto('/logout');
  // Signed out once the logout screen has moved on to the login form.
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, address, oldSecret);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, address, newSecret);
  await expect(page).toHaveURL(/\/posts$/);
});

test('change the email through the code mailed to the new address (390 px, axe)', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, viewport: viewports.phone });
  const page = await context.newPage();
  const oldAddress = uniqueEmail('moving-from');
  const newAddress = uniqueEmail('moving-to');
  const secret = 'a moving account passphrase';
  await registerAndVerify(page, request, oldAddress, secret);

  await page.goto('/account');
  const section = page.getByRole('region', { name: email.heading });
  await section.getByLabel(email.newEmail).fill(newAddress);
  await section.getByLabel(email.password).fill(secret);
  await section.getByRole('button', { name: email.submit }).click();
  await expect(section.getByText(email.codeSent({ email: newAddress }))).toBeVisible();
  await expectAccessible(page, '/account (code step)');
  await page.setViewportSize(viewports.phone);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The old address is told; the code goes to the new one.
  await waitForMail(request, oldAddress, (m) =>
    m.subject.startsWith(sayIn('en', accountMessages.mail.emailChangeRequested.subject)),
  );
  const mail = await waitForMail(request, newAddress, (m) => /\b\d{6}\b/.test(m.subject));
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  await section.getByLabel(email.code).fill(code);
  await section.getByRole('button', { name: email.confirm }).click();
  await expect(page.getByText(email.changed({ email: newAddress }))).toBeVisible();
  await expect(page.locator('.account__email dd')).toHaveText(newAddress);
  await waitForMail(request, oldAddress, (m) =>
    m.subject.startsWith(sayIn('en', accountMessages.mail.emailChanged.subject)),
  );

  await page.goto('/logout');
  // Signed out once the logout screen has moved on to the login form.
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, newAddress, secret);
  await expect(page).toHaveURL(/\/posts$/);
  await context.close();
});
