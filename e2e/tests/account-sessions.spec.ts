import { accountMessages, sayAllIn } from '@adboard/shared';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, viewports } from './axe.js';
import { openMenu, registerAndVerify, uniqueEmail } from './support.js';

const text = sayAllIn('en', accountMessages.sessions);
const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

async function browserAs(browser: Browser, baseURL: string, userAgent: string): Promise<Page> {
  // A phone's width: the account page must fit 390 px.
  const context = await browser.newContext({ baseURL, userAgent, viewport: viewports.phone });
  return context.newPage();
}

test('the account page lists both browsers and ends the other: it is signed out on its next step', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('two-browsers');
  const password = 'two browsers passphrase';
  const pc = await browserAs(browser, baseURL ?? '', chromeOnWindows);
  await registerAndVerify(pc, request, email, password);

  const phone = await browserAs(browser, baseURL ?? '', safariOnIphone);
  await phone.goto('/login');
  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Password').fill(password);
  await phone.getByRole('button', { name: 'Log in' }).click();
  await expect(phone).toHaveURL(/\/posts$/);

  await openMenu(pc);
  await pc.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(pc).toHaveURL(/\/account$/);
  await expect(pc.getByRole('heading', { name: text.heading })).toBeVisible();
  await expect(pc.getByText(email)).toBeVisible();
  const here = pc.getByRole('listitem').filter({ hasText: 'Chrome on Windows' });
  await expect(here.getByText(text.thisDevice)).toBeVisible();
  await expect(pc.getByText('Safari on iPhone')).toBeVisible();
  await expectAccessible(pc, '/account');
  // Nothing wider than the phone's screen.
  await pc.setViewportSize(viewports.phone);
  expect(await pc.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await pc.getByRole('button', { name: text.endLabel({ device: 'Safari on iPhone' }) }).click();
  await expect(pc.getByText(text.ended)).toBeVisible();
  await expect(pc.getByText('Safari on iPhone')).toHaveCount(0);
  await expect(pc.getByText(text.onlyThisOne)).toBeVisible();

  // The phone's next step finds its session ended and goes to the sign-in page.
  await phone.reload();
  await expect(phone).toHaveURL(/\/login$/);
  await expect(pc.getByText('Chrome on Windows')).toBeVisible();
});
