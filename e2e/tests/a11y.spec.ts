import {
  adMessages,
  catalogueAreas,
  messagesOf,
  paymentMessages,
  publicPageText,
  sayIn,
} from '@adboard/shared';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adCard, createAdByApi, openCityPageListing, postAndSubmitAd } from './ad-steps.js';
import { expectAccessible, viewports } from './axe.js';
import { brandHosts, brandLaunchOptions } from './brand-hosts.js';
import {
  cityOrigin,
  registerAndVerify,
  signInAsModerator,
  uniqueEmail,
  waitForMail,
} from './support.js';

/**
 * Issue 16, budgets: axe-core (WCAG 2.0/2.1 A and AA, best practices) finds nothing on
 * any screen, at 1280x800 and on a 390 px phone. Each screen is checked as a user sees
 * it (after its data loaded), at both sizes in turn; one run lists every violation.
 */
// The brands' own hosts are mapped to this machine, for the brands' screens below.
test.use({ viewport: viewports.desktop, launchOptions: brandLaunchOptions });

/** The payment view of a paid ad: before and after asking for an address, then paid with a receipt. */
async function checkPaymentViews(
  page: Page,
  request: APIRequestContext,
  screen: string,
): Promise<void> {
  const paidId = await createAdByApi(page, `Paid evenings ${Date.now()}`, 'paid');
  await page.goto(`/edit-post?id=${paidId}&edit=auth&step=payment`);
  await expect(
    page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.pay) }),
  ).toBeVisible();
  await expectAccessible(page, `${screen}: payment`);
  await page
    .getByRole('group', { name: sayIn('en', paymentMessages.vipLegend) })
    .getByRole('radio', { name: '30 days' })
    .check();
  await page.getByRole('button', { name: sayIn('en', paymentMessages.getAddress) }).click();
  const wallet = page.getByRole('link', { name: sayIn('en', paymentMessages.openWallet) });
  await expect(wallet).toBeVisible();
  await expectAccessible(page, `${screen}: payment address`);

  // Paid on the fake chain and mined: the page's next poll shows it complete, with a receipt.
  const uri = new URL((await wallet.getAttribute('href')) ?? '');
  const sats = Math.round(Number(uri.searchParams.get('amount')) * 1e8);
  const paid = await request.post('/dev/chain/pay', { data: { address: uri.pathname, sats } });
  expect(paid.ok()).toBe(true);
  expect((await request.post('/dev/chain/mine', { data: { blocks: 1 } })).ok()).toBe(true);
  await expect(
    page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.complete) }),
  ).toBeVisible({
    timeout: 40_000,
  });
  await expect(
    page.getByRole('region', { name: sayIn('en', paymentMessages.receipt.heading) }),
  ).toBeVisible();
  await expectAccessible(page, `${screen}: payment complete, with the receipt`);
}

async function heading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** A reader reports the ad on its public page, with the page's own form. */
async function reportAd(page: Page): Promise<void> {
  await page
    .getByLabel(publicPageText('en').reportReasonLabel)
    .selectOption({ label: 'Wrong phone number or email' });
  await page.getByRole('button', { name: publicPageText('en').reportSubmit }).click();
  await expect(page.getByText(publicPageText('en').reportThanks)).toBeVisible();
}

test('the screens anyone can open have no axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await heading(page, 'Log in');
  await expectAccessible(page, '/login');

  // A form showing its errors: the empty login form, submitted.
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, '/login with errors');

  await page.goto('/register');
  await heading(page, /Create/);
  await expectAccessible(page, '/register');

  await page.goto(`/verifyemail?email=${encodeURIComponent('someone@example.com')}`);
  await heading(page, 'Verify your email');
  await expectAccessible(page, '/verifyemail');

  await page.goto('/forgotpassword');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/forgotpassword');

  await page.goto('/resetpassword?token=0123456789abcdef');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/resetpassword');

  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/terms');

  await page.goto('/refund?token=0123456789abcdef');
  await heading(page, sayIn('en', paymentMessages.refundTitle));
  await expectAccessible(page, '/refund');

  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'the 404 page');
});

test('an anonymous poster’s wizard, its next steps and /activate have no axe violations', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('a11y-anon');
  await postAndSubmitAd(
    page,
    { title: `Quiet evenings ${Date.now()}`, phone: '702-208-4591', email },
    (view) => expectAccessible(page, `anonymous wizard: ${view}`),
  );
  const nextSteps = messagesOf(catalogueAreas.journey, 'en').afterSubmission.heading;
  await expect(page.getByRole('list', { name: nextSteps })).toBeVisible();
  await expectAccessible(page, 'anonymous wizard: submitted, what happens next');

  const mail = await waitForMail(request, email, (m) => /edit/i.test(m.subject));
  const link = (path: string) => {
    const url = new URL(mail.text.match(new RegExp(`https?://\\S+/${path}\\?\\S+`))?.[0] ?? '');
    return `${url.pathname}${url.search}`;
  };
  await page.goto(link('activate'));
  await expect(page.getByText(sayIn('en', adMessages.verification.smsSent))).toBeVisible();
  await expectAccessible(page, '/activate');

  await page.goto(link('completeregistration'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
  await expectAccessible(page, '/completeregistration');
});

test('an advertiser’s screens, the console and the public pages have no axe violations', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await registerAndVerify(page, request, uniqueEmail('a11y'), 'a11y poster long passphrase');

  // The wizard of a signed-in advertiser, each view, up to the submitted ad.
  const title = `Accessible evenings ${Date.now()}`;
  const adId = await postAndSubmitAd(page, { title, phone: '702-208-4622' }, (view) =>
    expectAccessible(page, `wizard: ${view}`),
  );

  await checkPaymentViews(page, request, 'wizard');

  // My Posts with ads, and its delete dialog open.
  await page.goto('/posts');
  await expect(adCard(page, title)).toHaveCount(1);
  await expectAccessible(page, '/posts');
  await adCard(page, title).getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('dialog', { name: sayIn('en', adMessages.posts.deleteTitle) }),
  ).toBeVisible();
  await expectAccessible(page, '/posts with the delete dialog');
  await page.keyboard.press('Escape');

  // The console: the queue, the review of the ad, then it is approved.
  const moderator = await signInAsModerator(browser, baseURL ?? '');
  await moderator.setViewportSize(viewports.desktop);
  await moderator.goto('/admin');
  const queue = moderator.getByRole('table', { name: 'Review queue' });
  await expect(queue.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(moderator, '/admin queue');
  await queue.getByRole('link', { name: title }).click();
  await expect(moderator.getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(moderator, '/admin/posts/:id review');
  await moderator.getByRole('button', { name: 'Approve' }).click();
  await expect(moderator).toHaveURL(/\/admin$/);

  // The public city page and ad page (cached up to 5 seconds), and a report sent.
  const city = cityOrigin(page, 'las-vegas');
  await openCityPageListing(page, city, title);
  await expectAccessible(page, 'public city page');
  await expect(async () => {
    const details = await page.goto(`${city}/ads/details/${adId}`);
    expect(details?.status()).toBe(200);
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(page, 'public ad page');
  await reportAd(page);
  await expectAccessible(page, 'public ad page, reported');

  // The rest of the console, with the report in it.
  await moderator.goto('/admin/reports');
  await expect(moderator.getByRole('link', { name: title }).first()).toBeVisible();
  await expectAccessible(moderator, '/admin/reports');
  for (const [path, name] of [
    ['/admin/refunds', 'refunds'],
    ['/admin/users', 'users'],
    ['/admin/audit', 'audit'],
  ] as const) {
    await moderator.goto(path);
    await expect(moderator.getByRole('heading').first()).toBeVisible();
    await expect(moderator.getByRole('status', { name: /loading/i })).toHaveCount(0);
    await expectAccessible(moderator, `/admin ${name}`);
  }
  await moderator.context().close();
});

/**
 * Each brand wears its own palette and type: its sign-in and register pages, the
 * wizard of an ad posted signed out on its portal, and that ad on its public pages.
 */
for (const brand of brandHosts.filter((b) => b.id !== 'local')) {
  test(`the ${brand.id} brand's screens have no axe violations`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const port = new URL(baseURL ?? '').port;
    const context = await browser.newContext({
      baseURL: `http://${brand.app}:${port}`,
      viewport: viewports.desktop,
    });
    const page = await context.newPage();
    await page.goto('/login');
    await heading(page, 'Log in');
    await expectAccessible(page, `${brand.id} /login`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectAccessible(page, `${brand.id} /login with errors`);

    await page.goto('/register');
    await heading(page, /Create/);
    await expectAccessible(page, `${brand.id} /register`);

    // An advertiser of this brand (an ad goes public only with an account behind it).
    await registerAndVerify(
      page,
      request,
      uniqueEmail(`a11y-${brand.id}`),
      'brand poster passphrase',
    );
    const title = `${brand.id} evenings ${Date.now()}`;
    const adId = await postAndSubmitAd(page, { title, phone: '702-208-4593' }, (view) =>
      expectAccessible(page, `${brand.id} wizard: ${view}`),
    );
    await page.goto('/posts');
    await expect(adCard(page, title)).toHaveCount(1);
    await expectAccessible(page, `${brand.id} /posts`);
    await checkPaymentViews(page, request, `${brand.id} wizard`);

    const moderator = await signInAsModerator(browser, baseURL ?? '');
    await moderator.goto(`/admin/posts/${adId}`);
    await expect(moderator.getByRole('heading', { name: title })).toBeVisible();
    await moderator.getByRole('button', { name: 'Approve' }).click();
    await expect(moderator).toHaveURL(/\/admin$/);
    await moderator.context().close();

    // The brand's public pages of Las Vegas (cached up to 5 seconds).
    const city = `http://${brand.city.replace(/^toronto\./, 'las-vegas.')}:${port}`;
    await openCityPageListing(page, city, title);
    await expectAccessible(page, `${brand.id} public city page`);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expectAccessible(page, `${brand.id} public ad page`);
    await reportAd(page);
    await expectAccessible(page, `${brand.id} public ad page, reported`);
    await context.close();
  });
}
