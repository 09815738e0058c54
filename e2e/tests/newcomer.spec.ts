import {
  adMessages,
  photoFileLimits,
  photoMessages,
  catalogueAreas,
  messagesOf,
  sayIn,
} from '@adboard/shared';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  adIdInAddress,
  openCityPageListing,
  postFreeVerifiedAd,
  submitForReview,
} from './ad-steps.js';
import { expectAccessible, viewports } from './axe.js';
import { photoFile } from './images.js';
import {
  cityOrigin,
  registerAndVerify,
  signInAsModerator,
  uniqueEmail,
  waitForMail,
} from './support.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

/**
 * Issue 24, what a newcomer met: each check measures the thing a person saw wrong
 * (a label cut short, an icon drawn as an empty box, a bar scrolled away, an error
 * said twice, a gallery the keyboard cannot reach). Screenshots go to /tmp.
 */
const shots = process.env.SCREENSHOT_DIR ?? '/tmp/issue24-polish';

async function shoot(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await page.screenshot({ path: `${shots}/${name}-${size}.png`, fullPage: true });
  }
}

/** The element's box inside its container: the distance from each edge, in CSS px. */
async function insets(
  container: Locator,
  selector: string,
): Promise<{ left: number; right: number; top: number }> {
  return container.evaluate((box, inner) => {
    const outer = box.getBoundingClientRect();
    const element = box.querySelector(inner);
    if (!element) throw new Error(`no ${inner}`);
    // The text itself, not its box: a line running out of its padding shows here.
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    return {
      left: text.left - outer.left,
      right: outer.right - text.right,
      top: text.top - outer.top,
    };
  }, selector);
}

/** The current step's name is shown whole (not cut with an ellipsis). */
async function expectCurrentStepWhole(page: Page, view: string): Promise<void> {
  const label = page.locator('.steps__item--current .steps__label');
  await expect(label).toBeVisible();
  const { scroll, client } = await label.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
  }));
  expect(scroll, `the steps bar cuts the ${view} step's name`).toBeLessThanOrEqual(client);
}

test.use({ viewport: viewports.desktop });

test('the register page links to the terms it asks to accept', async ({ page }) => {
  await page.goto('/register');
  const terms = page.getByRole('link', { name: answersEn.auth.readTerms });
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await expect(terms).toBeVisible();
    await expect(terms).toHaveAttribute('href', '/terms');
  }
  await shoot(page, 'register');
});

test('a wrong password and a wrong code are each said once', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('not the right passphrase');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(answersEn.auth.invalidCredentials);
  // A toast would have come in by now (and not yet gone: an error toast shows 4 s).
  await page.waitForTimeout(1_000);
  expect(await page.getByText(answersEn.auth.invalidCredentials).count()).toBe(1);

  const email = uniqueEmail('wrongcode');
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a long enough passphrase');
  await page.getByLabel('Confirm password').fill('a long enough passphrase');
  await page.getByLabel(sayIn('en', adMessages.wizard.rulesAccept)).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/verifyemail\?email=/);
  const mail = await waitForMail(request, email, (m) => /verification code/i.test(m.subject));
  const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(answersEn.auth.verifyCodeFailed);
  await page.waitForTimeout(1_000);
  expect(await page.getByText(answersEn.auth.verifyCodeFailed).count()).toBe(1);
});

test('on a phone the toast after verifying leaves the top bar in view', async ({
  page,
  request,
}) => {
  await page.setViewportSize(viewports.phone);
  await registerAndVerify(page, request, uniqueEmail('toastbar'), 'toast bar long passphrase');
  const toast = page.locator('.toast').filter({ hasText: answersEn.auth.verifySuccess });
  await expect(toast).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--toast-space'),
      ),
    )
    .not.toBe('0px');
  // The room is made once the toast has come in (app-toaster.tsx: 0.4 s).
  await page.waitForTimeout(600);
  const bar = await page.locator('header.topbar').boundingBox();
  expect(bar?.y, 'the top bar is scrolled away').toBeGreaterThanOrEqual(0);
  // And the toast still covers no control: the footer's link sits above it.
  const toastBox = await toast.boundingBox();
  const contact = await page.locator('footer a[href^="mailto:"]').boundingBox();
  expect(toastBox && contact && contact.y + contact.height <= toastBox.y).toBe(true);
  await page.screenshot({ path: `${shots}/verified-toast-phone.png` });
});

test('the wizard on a phone, its editor and photos, and the public pages of an ad with photos', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(viewports.phone);
  await registerAndVerify(page, request, uniqueEmail('gallery'), 'gallery poster passphrase');
  const title = `Gallery evenings ${Date.now()}`;
  await page.goto('/edit-post');
  await postFreeVerifiedAd(page, { title, phone: '702-208-4631' }, async (view) => {
    await expectCurrentStepWhole(page, view);
    if (view === 'ad form') {
      // The numbered-list button: a name, a tooltip and an icon that is drawn.
      const numbered = page
        .getByRole('toolbar', { name: 'Formatting' })
        .getByRole('button', { name: 'Numbered list' });
      await expect(numbered).toHaveAttribute('title', 'Numbered list');
      const icon = await numbered.locator('svg').boundingBox();
      expect(icon?.width ?? 0).toBeGreaterThanOrEqual(12);
      expect(icon?.height ?? 0).toBeGreaterThanOrEqual(12);
      await shoot(page, `wizard-${view.replace(' ', '-')}`);
      await page.setViewportSize(viewports.phone);
    }
    if (view === 'photos') {
      // The limits are said before the upload, the megapixels too.
      await expect(page.getByText(sayIn('en', photoMessages.uploadLimits))).toBeVisible();
      expect(sayIn('en', photoMessages.uploadLimits)).toContain(
        `${photoFileLimits.maxMegapixels} megapixels`,
      );
      await page
        .getByLabel('Add photos')
        .setInputFiles([
          photoFile('one.png', 11),
          photoFile('two.png', 12),
          photoFile('three.png', 13),
        ]);
      await shoot(page, 'wizard-photos');
      await page.setViewportSize(viewports.phone);
    }
    if (view === 'finalize') {
      await shoot(page, 'wizard-finalize');
      await page.setViewportSize(viewports.phone);
    }
  });
  await submitForReview(page);
  const adId = await adIdInAddress(page);

  const moderator = await signInAsModerator(browser, baseURL ?? '');
  await moderator.goto('/admin');
  const queue = moderator.getByRole('table', { name: 'Review queue' });
  await queue.getByRole('link', { name: title }).click();
  await moderator.getByRole('button', { name: 'Approve' }).click();
  await expect(moderator).toHaveURL(/\/admin$/);

  // The city page: the card's title keeps off the card's edges.
  const city = cityOrigin(page, 'las-vegas');
  await page.setViewportSize(viewports.desktop);
  await openCityPageListing(page, city, title);
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    const card = page.locator('.ads li').filter({ hasText: title });
    const inset = await insets(card, '.t');
    expect(inset.left, 'the title touches the left edge').toBeGreaterThanOrEqual(8);
    expect(inset.right, 'the title touches the right edge').toBeGreaterThanOrEqual(8);
  }
  await shoot(page, 'city-page');

  // The ad page: the gallery scrolls, so the keyboard reaches it, by its name.
  await page.goto(`${city}/ads/details/${adId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(page, 'public ad page with three photos');
  const gallery = page.locator('.gallery');
  await expect(gallery).toHaveAttribute('tabindex', '0');
  await expect(gallery).toHaveAccessibleName(/photos/i);
  await gallery.focus();
  await expect(gallery).toBeFocused();
  await shoot(page, 'ad-page');
});
