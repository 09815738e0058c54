import { accountMessages, sayIn, sayAllIn, secondStepMessages } from '@adboard/shared';
import { expect, test, type Browser, type CDPSession, type Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { registerAndVerify, uniqueEmail } from './support.js';

const text = sayAllIn('en', accountMessages.twoStep);
const passkeys = sayAllIn('en', accountMessages.passkeys);
/** The sign-in's second step, an area of its own. */
const step = sayAllIn('en', secondStepMessages.twoStep);
const stepPasskeys = sayAllIn('en', secondStepMessages.passkeys);

interface VirtualAuthenticator {
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

/**
 * A page whose browser has a passkey device: Chromium's virtual authenticator
 * (DevTools protocol, WebAuthn domain) as a phone's or laptop's built-in one is: CTAP2,
 * internal, resident keys, and user verification (fingerprint, face, PIN) that passes
 * unless `verified` is false.
 */
async function pageWithAuthenticator(
  browser: Browser,
  baseURL: string,
  verified = true,
): Promise<VirtualAuthenticator> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: verified,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, authenticatorId };
}

/**
 * The passkeys of one device, copied to another (a synced passkey). Chromium's virtual
 * authenticator counts its signatures, and the server refuses a count that did not
 * move on (a cloned key's): each copy is taken from the device that signed last.
 */
async function copyPasskeys(from: VirtualAuthenticator, to: VirtualAuthenticator) {
  const { credentials } = await from.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: from.authenticatorId,
  });
  expect(credentials).toHaveLength(1);
  for (const credential of credentials) {
    await to.cdp.send('WebAuthn.addCredential', {
      authenticatorId: to.authenticatorId,
      credential,
    });
  }
}

test('a passkey is added on the account page, then signs in without a password and answers the second step; without user verification it opens nothing', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('passkey');
  const password = 'passkey passphrase 1';
  const laptop = await pageWithAuthenticator(browser, baseURL ?? '');
  const { page } = laptop;
  await registerAndVerify(page, request, email, password);

  // Added with the password asked again; the account's first factor shows its recovery codes.
  await page.goto('/account');
  await page.getByRole('button', { name: passkeys.add }).click();
  const dialog = page.getByRole('dialog', { name: passkeys.add });
  await dialog.getByLabel(passkeys.nameLabel).fill('E2E laptop');
  await dialog.getByLabel(text.currentPassword).fill(password);
  await expectAccessible(page, '/account (add a passkey)');
  await dialog.getByRole('button', { name: passkeys.create }).click();
  const codes = page.getByRole('region', { name: text.recoveryNewHeading });
  await expect(codes).toBeVisible();
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: text.recoveryDone }).click();
  const section = page.getByRole('region', { name: text.heading });
  await expect(section.getByText('E2E laptop')).toBeVisible();
  await expect(section.locator('.two-step__facts')).toContainText(passkeys.kindPasskey);

  // Its data downloaded with the password and the passkey as the factor (no code needed).
  const data = sayAllIn('en', accountMessages.data);
  await page.getByRole('button', { name: data.download }).click();
  const askData = page.getByRole('dialog', { name: data.dialogTitle });
  await askData.getByLabel(sayIn('en', accountMessages.reauth.passwordLabel)).fill(password);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    askData.getByRole('button', { name: passkeys.confirmWithPasskey }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^account-data-\d{4}-\d{2}-\d{2}\.json$/);

  // Another browser holding the same (synced) passkey: no password at all.
  const phone = await pageWithAuthenticator(browser, baseURL ?? '');
  await copyPasskeys(laptop, phone);
  await phone.page.goto('/login');
  await phone.page.getByRole('button', { name: passkeys.signIn }).click();
  await expect(phone.page).toHaveURL(/\/posts$/);

  // A third: the password first, then the passkey as the second step.
  const third = await pageWithAuthenticator(browser, baseURL ?? '');
  await copyPasskeys(phone, third);
  await third.page.goto('/login');
  await third.page.getByLabel('Email').fill(email);
  await third.page.getByLabel('Password').fill(password);
  await third.page.getByRole('button', { name: 'Log in' }).click();
  await expect(third.page.getByRole('heading', { name: text.signInHeading })).toBeVisible();
  // The account's only factor is the passkey: the step leads with it, no code field.
  await expect(third.page.getByText(stepPasskeys.signInStepIntro)).toBeVisible();
  await expect(third.page.getByLabel(step.codeLabel)).toHaveCount(0);
  await third.page.getByRole('button', { name: stepPasskeys.usePasskey }).click();
  await expect(third.page).toHaveURL(/\/posts$/);

  // A device whose user verification fails: the passkey opens nothing.
  const unverified = await pageWithAuthenticator(browser, baseURL ?? '', false);
  await copyPasskeys(third, unverified);
  await unverified.page.goto('/login');
  await unverified.page.getByRole('button', { name: passkeys.signIn }).click();
  await expect(unverified.page.getByRole('alert')).toContainText(passkeys.cancelled);
  await expect(unverified.page).toHaveURL(/\/login$/);
  const status = await unverified.page.request.get('/api/user/status');
  expect(((await status.json()) as { userId?: string }).userId).toBeUndefined();
});
