import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { accountMessages, sayAllIn } from '@adboard/shared';

import { moderatorAccount } from '../moderator-account.js';
import { moderatorDeviceVariable, totpCode } from '../second-factor-setup.js';

/** The two-step words in English, as an English reader sees them. */
const twoStepEn = sayAllIn('en', accountMessages.twoStep);

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string;
  text: string;
}

/** Reads what the site mailed to an address, the way a developer does: GET /dev/outbox. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  match: (message: OutboxMessage) => boolean,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await res.json()) as OutboxMessage[];
      found = messages.find(match);
      return Boolean(found);
    })
    .toBe(true);
  return found as OutboxMessage;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function openMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menu' });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
}

export async function registerAndVerify(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page
    .getByLabel('I have read and understand rules and terms and conditions on this site')
    .check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/verifyemail\?email=/);
  const mail = await waitForMail(request, email, (m) => /verification code/i.test(m.subject));
  const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/posts$/);
}

/** The public origin of a city on the local site: `{city}.localhost` on the app's port. */
export function cityOrigin(page: Page, city: string): string {
  const app = new URL(page.url());
  return `${app.protocol}//${city}.localhost:${app.port}`;
}

/**
 * The seeded moderator's device cookie: global setup turned its authenticator app on and
 * signed in once with "remember this device" (e2e/second-factor-setup.ts).
 */
export function moderatorDeviceCookie(baseURL: string) {
  const value = process.env[moderatorDeviceVariable];
  if (!value) throw new Error('global setup gave no moderator device cookie');
  return {
    name: 'device',
    value,
    domain: new URL(baseURL).hostname,
    path: '/api/user/login',
    httpOnly: true,
    sameSite: 'Strict' as const,
  };
}

/** A page of its own, signed in as the seeded moderator, on its remembered device. */
export async function signInAsModerator(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([moderatorDeviceCookie(baseURL)]);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(moderatorAccount.email);
  await page.getByLabel('Password').fill(moderatorAccount.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/posts$/);
  return page;
}

/** The seeded moderator, in a page of its own, approves the ad with this title from the queue. */
export async function approveAd(browser: Browser, baseURL: string, title: string): Promise<void> {
  const moderator = await signInAsModerator(browser, baseURL);
  await moderator.goto('/admin');
  await moderator
    .getByRole('table', { name: 'Review queue' })
    .getByRole('link', { name: title })
    .click();
  await moderator.getByRole('button', { name: 'Approve' }).click();
  await expect(moderator).toHaveURL(/\/admin$/);
  await moderator.context().close();
}

/**
 * On /account: adds an authenticator app as a person would, reading the key shown for
 * manual entry and typing the code an app computes from it; answers the key and the
 * recovery codes shown once.
 */
export async function addAuthenticator(page: Page, password: string) {
  await page.goto('/account');
  await page.getByRole('button', { name: twoStepEn.add }).click();
  await expect(page.getByRole('img', { name: twoStepEn.qrLabel })).toBeVisible();
  const key = (await page.locator('.two-step__key code').innerText()).replaceAll(' ', '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel(twoStepEn.nameLabel).fill('E2E test phone');
  await page.getByLabel(twoStepEn.newCodeLabel).fill(totpCode(key));
  // The page's other sections (password, email) have a current password field too.
  const section = page.getByRole('region', { name: twoStepEn.heading });
  await section.getByLabel(twoStepEn.currentPassword).fill(password);
  await page.getByRole('button', { name: twoStepEn.confirm }).click();
  const region = page.getByRole('region', { name: twoStepEn.recoveryNewHeading });
  await expect(region).toBeVisible();
  const codes = await region.getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  return { key, codes: codes.map((c) => c.trim()), region };
}
