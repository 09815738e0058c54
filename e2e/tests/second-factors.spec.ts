import {
  accountMessages,
  catalogueAreas,
  consoleMessages,
  messagesOf,
  paymentMessages,
  sayIn,
  sayAllIn,
  secondStepMessages,
} from '@adboard/shared';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { doorModerator } from '../moderator-account.js';
import { totpCode } from '../second-factor-setup.js';
import { askVipAddress, createAdByApi } from './ad-steps.js';
import { expectAccessible, viewports } from './axe.js';
import { addAuthenticator, registerAndVerify, uniqueEmail } from './support.js';

/** The advertisers' door in English, as the app shows it. */
const doorMessages = messagesOf(catalogueAreas.door, 'en');

const text = sayAllIn('en', accountMessages.twoStep);
/** The sign-in's second step, an area of its own. */
const step = sayAllIn('en', secondStepMessages.twoStep);

async function freshPage(browser: Browser, baseURL: string, phone = false): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ...(phone ? { viewport: viewports.phone } : {}),
  });
  return context.newPage();
}

async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('an advertiser turns two-step sign-in on, then signs in with the app and with a recovery code', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('two-step');
  const password = 'two step passphrase 1';
  const page = await freshPage(browser, baseURL ?? '');
  await registerAndVerify(page, request, email, password);
  const { key, codes, region } = await addAuthenticator(page, password);
  await expectAccessible(page, '/account (recovery codes)');
  await page.setViewportSize(viewports.phone);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize(viewports.desktop);
  await region.getByRole('button', { name: text.recoveryDone }).click();
  await expect(page.getByText('E2E test phone')).toBeVisible();
  await expect(page.getByText(text.recoveryLeft({ count: 10 }))).toBeVisible();
  // The account page at a phone's width: nothing wider than the screen.
  await page.setViewportSize(viewports.phone);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Another browser, on a phone: the password alone opens nothing; the app's code does.
  const phone = await freshPage(browser, baseURL ?? '', true);
  await passwordStep(phone, email, password);
  await expect(phone.getByRole('heading', { name: text.signInHeading })).toBeVisible();
  await expect(phone).toHaveURL(/\/login$/);
  await expectAccessible(phone, '/login (second step)');
  // (expectAccessible leaves the desktop size: back to the phone's.)
  await phone.setViewportSize(viewports.phone);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.getByLabel(step.codeLabel).fill(totpCode(key, 1));
  await phone.getByRole('button', { name: step.verify }).click();
  await expect(phone).toHaveURL(/\/posts$/);

  // A third browser, with a recovery code; the page then counts one fewer.
  const third = await freshPage(browser, baseURL ?? '');
  await passwordStep(third, email, password);
  await third.getByRole('button', { name: step.useRecoveryCode }).click();
  await third.getByLabel(step.recoveryCodeLabel).fill(codes[0] ?? '');
  await third.getByRole('button', { name: step.verify }).click();
  await expect(third).toHaveURL(/\/posts$/);
  await third.goto('/account');
  await expect(third.getByText(text.recoveryLeft({ count: 9 }))).toBeVisible();
});

test("a moderator without a second factor is held at the console's door until one is on", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await freshPage(browser, baseURL ?? '');
  await passwordStep(page, doorModerator.email, doorModerator.password);
  await expect(page).toHaveURL(/\/posts$/);
  await page.goto('/admin');
  await expect(page.getByRole('alert')).toHaveText(text.staffDoor);
  await expect(page.getByRole('navigation', { name: consoleMessages.nav.label })).toHaveCount(0);
  await expectAccessible(page, '/admin (the door)');
  await page.getByRole('link', { name: text.doorAction }).click();
  await expect(page).toHaveURL(/\/account$/);
  const { region } = await addAuthenticator(page, doorModerator.password);
  await region.getByRole('button', { name: text.recoveryDone }).click();
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: consoleMessages.nav.label })).toBeVisible();
});

test("an advertiser whose ad is paid is held at the advertisers' door until an app is on", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('held');
  const password = 'held payer passphrase 1';
  const page = await freshPage(browser, baseURL ?? '', true);
  await registerAndVerify(page, request, email, password);

  // The first paid ad goes through without a second factor: posted, paid, complete.
  const adId = await createAdByApi(page, `VIP evenings ${Date.now()}`, 'paid');
  await page.goto(`/edit-post?id=${adId}&edit=auth&step=payment`);
  const { address, sats } = await askVipAddress(page);
  const paid = await request.post('/dev/chain/pay', {
    data: { address, sats, confirmed: true },
  });
  expect(paid.ok()).toBe(true);
  await expect(
    page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.complete) }),
  ).toBeVisible({
    timeout: 30_000,
  });

  // From now on the site (every brand: 'paid-ads') holds its ad changes: My Posts says so,
  // a new ad waits behind the door, and the server refuses one asked for directly.
  await page.goto('/posts');
  await expect(page.getByRole('alert')).toHaveText(doorMessages.advertiser);
  await expect(page.getByRole('heading', { name: /VIP evenings/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/advertiser-door-posts-390.png', fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, '/posts (the advertisers’ door)');
  await page.goto('/edit-post');
  await expect(page.getByRole('alert')).toHaveText(doorMessages.advertiser);
  await expect(page.getByRole('navigation', { name: 'Ad steps' })).toHaveCount(0);
  await expect(createAdByApi(page, 'Another evening')).rejects.toThrow(/answered 403/);

  // The way through: the account page, an authenticator app; then My Posts and a new ad open.
  await page.getByRole('link', { name: doorMessages.action }).click();
  await expect(page).toHaveURL(/\/account$/);
  const { region } = await addAuthenticator(page, password);
  await region.getByRole('button', { name: text.recoveryDone }).click();
  await page.goto('/posts');
  await expect(page.getByRole('heading', { name: /VIP evenings/ })).toBeVisible();
  await expect(page.getByRole('link', { name: doorMessages.action })).toHaveCount(0);
  await page.goto('/edit-post');
  await expect(page.getByRole('navigation', { name: 'Ad steps' })).toBeVisible();
  expect(await createAdByApi(page, 'Another evening')).toMatch(/^\d+$/);
});
