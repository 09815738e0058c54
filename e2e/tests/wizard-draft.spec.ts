import { adMessages, catalogueAreas, messagesOf, sayIn } from '@adboard/shared';
import { expect, test, type Dialog, type Page } from '@playwright/test';
import { openMenu, registerAndVerify, uniqueEmail } from './support.js';

/** The ad form's words in English, as the app shows them. */
const adFormWords = messagesOf(catalogueAreas.adForm, 'en');
const adTypeLabels = adFormWords.types;

const draftNote = /^Restored your unsaved draft from /;
// A reload loads the app again: on a busy machine that takes more than the default 5 s.
const afterLoad = { timeout: 20_000 };

function draftKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('adDraft:')));
}

test('the wizard keeps what was typed across reload, back and forward, until the ad is saved', async ({
  page,
  request,
}) => {
  // Registration, three reloads and a save on a shared two-core machine.
  test.setTimeout(120_000);
  await registerAndVerify(page, request, uniqueEmail('draft'), 'draft long passphrase');
  await page.getByRole('link', { name: 'Post a New Ad' }).click();

  await page.getByLabel(sayIn('en', adMessages.wizard.rulesAccept)).check();
  await page.getByRole('button', { name: sayIn('en', adMessages.wizard.agree) }).click();
  await page.getByLabel('City').selectOption('las-vegas');
  await page.getByRole('radio', { name: adTypeLabels.paid.title }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const formHeading = page.getByRole('heading', { name: 'Posting on Las Vegas, United States' });
  await expect(formHeading).toBeVisible();

  const title = `Drafted evening ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill('Jade');
  await page.getByLabel('Title', { exact: true }).fill(title);
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.type('Relaxed evenings and good conversation.');

  // Every question the page asks is recorded and answered 'leave'.
  const dialogs: { type: string; message: string }[] = [];
  const answer = (dialog: Dialog) => {
    dialogs.push({ type: dialog.type(), message: dialog.message() });
    void dialog.accept();
  };
  page.on('dialog', answer);

  // A reload asks first, then brings the text back at the same step.
  await page.reload();
  expect(dialogs.map((dialog) => dialog.type)).toEqual(['beforeunload']);
  await expect(formHeading).toBeVisible(afterLoad);
  await expect(page.getByText(draftNote)).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Jade');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(description).toContainText('Relaxed evenings and good conversation.', afterLoad);

  // The site menu's My Posts asks in the app's words; leaving keeps the draft.
  await openMenu(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Posts' })
    .click();
  await expect(page).toHaveURL(/\/posts$/);
  expect(dialogs.at(-1)).toEqual({
    type: 'confirm',
    message: sayIn('en', adMessages.wizard.leaveUnsaved),
  });

  // Back to the wizard, then forward and back again: the text is still there.
  await page.goBack();
  await expect(formHeading).toBeVisible(afterLoad);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await page.goForward();
  await expect(page).toHaveURL(/\/posts$/);
  await page.goBack();
  await expect(formHeading).toBeVisible(afterLoad);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Jade');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);

  // Saved: the draft is gone, and leaving asks nothing any more.
  await page.getByLabel('Phone', { exact: true }).fill('702-208-4533');
  await page.getByLabel('Age', { exact: true }).fill('27');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible();
  expect(await draftKeys(page)).toEqual([]);
  const asked = dialogs.length;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible(afterLoad);
  expect(dialogs).toHaveLength(asked);
  await expect(page.getByText(draftNote)).toHaveCount(0);

  // A new ad starts empty: the saved ad's draft does not come back.
  await openMenu(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Post New Ad' })
    .click();
  await expect(
    page.getByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) }),
  ).toBeVisible();
  await expect(page.getByText(draftNote)).toHaveCount(0);
});
