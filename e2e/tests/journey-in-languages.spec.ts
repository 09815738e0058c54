import { catalogueAreas, intlLocales, messagesOf, type Language } from '@adboard/shared';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalOverflow, viewports } from './axe.js';
import { photoFile } from './images.js';
import { uniqueEmail, waitForMail } from './support.js';

/**
 * Issue 30: the journey from registration to a submitted ad in Canadian French and in
 * Spanish, on a 390 px phone. Each screen is found by its words in that language (from
 * the catalogue, never written here), is in `<html lang>`, does not overflow the phone's
 * width (French and Spanish run 20–30 % longer than English) and is clean for axe. The
 * registration code's mail comes in the language the account registered in.
 */

/** The texts of the journey's screens in one language, as the app says them. */
function wordsIn(language: Language) {
  return {
    auth: messagesOf(catalogueAreas.authScreens, language),
    ads: messagesOf(catalogueAreas.ads, language),
    adForm: messagesOf(catalogueAreas.adForm, language),
    adOptions: messagesOf(catalogueAreas.adOptions, language),
    app: messagesOf(catalogueAreas.appScreens, language),
    photos: messagesOf(catalogueAreas.photos, language),
    mails: messagesOf(catalogueAreas.mails, language),
  };
}

const shots = process.env.SCREENSHOT_DIR ?? '/tmp/journey-languages';

/** What every screen of the journey must be: in the language, whole on a phone, accessible. */
async function checkScreen(page: Page, language: Language, name: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // axe at both sizes (it leaves the page at the desktop size), then back to the phone.
  await expectAccessible(page, `${name} in ${language}`);
  await page.setViewportSize(viewports.phone);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await expectNoHorizontalOverflow(page, `${name} in ${language} at 390 px`);
  // The wizard's current step shows its whole name (longer in French and Spanish).
  const step = page.locator('.steps__item--current .steps__label');
  if ((await step.count()) > 0) {
    const { scroll, client } = await step.evaluate((label) => ({
      scroll: label.scrollWidth,
      client: label.clientWidth,
    }));
    expect
      .soft(scroll, `${name} in ${language}: the current step's name is cut`)
      .toBeLessThanOrEqual(client);
  }
  await page.screenshot({ path: `${shots}/${language}-${name}.png`, fullPage: true });
}

async function registerIn(
  page: Page,
  request: APIRequestContext,
  language: Language,
  email: string,
): Promise<void> {
  const w = wordsIn(language);
  const password = 'a long enough passphrase';
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: w.auth.common.createAccount })).toBeVisible();
  await checkScreen(page, language, 'register');
  await page.getByLabel(w.auth.fields.email).fill(email);
  await page.getByLabel(w.auth.fields.password, { exact: true }).fill(password);
  await page.getByLabel(w.auth.fields.confirmPassword).fill(password);
  await page.getByLabel(w.ads.wizard.rulesAccept).check();
  await page.getByRole('button', { name: w.auth.auth.register }).click();

  await expect(page).toHaveURL(/\/verifyemail\?email=/);
  await expect(page.getByLabel(w.auth.auth.codeLabel)).toBeVisible();
  await checkScreen(page, language, 'verify-email');
  // The code's mail is written in the language the account registered in.
  const mail = await waitForMail(request, email, (m) => /\b\d{6}\b/.test(m.text));
  const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  expect(mail.subject).toContain(w.mails.verificationCode.subject({ code }));
  await page.getByLabel(w.auth.auth.codeLabel).fill(code);
  await page.getByRole('button', { name: w.auth.auth.verify }).click();
  await expect(page).toHaveURL(/\/posts$/);
  await checkScreen(page, language, 'my-posts');
}

async function postAdIn(page: Page, language: Language): Promise<void> {
  const w = wordsIn(language);
  await page.goto('/edit-post');
  await expect(page.getByRole('heading', { name: w.ads.wizard.rulesHeading })).toBeVisible();
  await checkScreen(page, language, 'rules');
  await page.getByLabel(w.ads.wizard.rulesAccept).check();
  await page.getByRole('button', { name: w.ads.wizard.agree }).click();

  await expect(page.getByLabel(w.app.wizard.country)).toHaveValue('US');
  // Waits for the city list, which loads after a short delay.
  await page.getByLabel(w.app.wizard.city).selectOption('las-vegas');
  await checkScreen(page, language, 'type');
  await page.getByRole('radio', { name: w.adForm.types.free_verified.title }).check();
  await page.getByRole('button', { name: w.auth.common.continue }).click();

  const postingOn = w.ads.wizard.postingOn({ city: 'Las Vegas', country: w.adForm.countries.US });
  await expect(page.getByRole('heading', { name: postingOn })).toBeVisible();
  await checkScreen(page, language, 'ad-form');
  await page.getByLabel(w.adForm.fields.name, { exact: true }).fill('Jade');
  await page.getByLabel(w.adForm.fields.phone, { exact: true }).fill('702-208-4577');
  await page.getByLabel(w.adForm.fields.title, { exact: true }).fill(`Soirées ${language}`);
  await page.getByRole('textbox', { name: w.adForm.fields.description }).click();
  await page.keyboard.type('Relaxed evenings, good conversation and a warm welcome.');
  await page.getByLabel(w.adForm.fields.age, { exact: true }).fill('27');
  await page
    .getByLabel(w.adForm.fields.ethnicity)
    .selectOption({ label: w.adOptions.ethnicity.mixed });
  await page.getByRole('button', { name: w.app.wizard.saveAndContinue }).click();

  await expect(
    page.getByRole('heading', { name: w.app.photos.heading, exact: true }),
  ).toBeVisible();
  await expect(page.getByText(w.photos.verificationSlot.neverPublic)).toBeVisible();
  // The date the paper must show, written the reader's way ('4 décembre 2026').
  const today = new Intl.DateTimeFormat(intlLocales[language], { dateStyle: 'long' });
  await expect(page.getByText(today.format(new Date()), { exact: true })).toBeVisible();
  await checkScreen(page, language, 'photos');
  await page
    .getByLabel(w.photos.verificationSlot.inputLabel)
    .setInputFiles(photoFile('sign.png', 1));
  await expect(
    page.getByRole('img', { name: w.app.photos.previewOf({ file: 'sign.png' }) }),
  ).toBeVisible();
  await page.getByRole('button', { name: w.app.photos.update }).click();

  await expect(page.getByRole('heading', { name: w.app.wizard.finalizeHeading })).toBeVisible();
  await checkScreen(page, language, 'finalize');
  await page.getByRole('button', { name: w.ads.wizard.submitForReview }).click();
  await expect(page.getByRole('status').filter({ hasText: w.ads.wizard.submitted })).toBeVisible();
  await checkScreen(page, language, 'submitted');
}

for (const language of ['fr-CA', 'es'] as const) {
  test(`registration to a submitted ad in ${language} on a 390 px phone`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      viewport: viewports.phone,
      locale: language,
      baseURL,
    });
    const page = await context.newPage();
    await registerIn(page, request, language, uniqueEmail(`journey-${language}`));
    await postAdIn(page, language);
    await context.close();
  });
}
