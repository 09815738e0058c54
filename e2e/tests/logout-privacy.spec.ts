import { adMessages, type PublicSite, sayIn } from '@adboard/shared';
import { expect, test, type Page } from '@playwright/test';
import { adIdInAddress, openAdForm } from './ad-steps.js';
import { openMenu, registerAndVerify, uniqueEmail } from './support.js';

/** Every key and value this origin keeps in localStorage. */
function storedEntries(page: Page): Promise<[string, string][]> {
  return page.evaluate(() =>
    Object.keys(localStorage).map((key): [string, string] => [
      key,
      localStorage.getItem(key) ?? '',
    ]),
  );
}

test('logout forgets the ad being edited and the drafts: signed out, its edit address shows nothing of the owner', async ({
  page,
  request,
}) => {
  // Registration, an ad saved through the wizard and a draft on a shared two-core machine.
  test.setTimeout(120_000);
  const email = uniqueEmail('shared-device');
  await registerAndVerify(page, request, email, 'shared device passphrase');
  const site = (await (await page.request.get('/api/site')).json()) as PublicSite;
  const userId = await page.evaluate(() => localStorage.getItem('userId'));
  expect(userId).toMatch(/\S/);

  // An ad saved through the wizard: its id and edit token are kept in this browser.
  await page.getByRole('link', { name: 'Post a New Ad' }).click();
  await openAdForm(page, 'free_verified');
  const phone = '702-208-4733';
  const title = `Shared device evening ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill('Jade');
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Relaxed evenings, good conversation and a warm welcome.');
  await page.getByLabel('Age', { exact: true }).fill('27');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible();
  const adId = await adIdInAddress(page);
  expect(adId).toMatch(/^\d+$/);
  expect((await storedEntries(page)).map(([key]) => key)).toContain('activePost');

  // Back on the form, a change not saved yet: the wizard keeps it as this user's draft.
  await page
    .getByRole('navigation', { name: 'Ad steps' })
    .getByRole('button', { name: 'Ad', exact: true })
    .click();
  await page.getByLabel('Title', { exact: true }).fill(`${title} (changed)`);
  const userDraft = `adDraft:${site.id}:user-${userId}:${adId}`;
  await expect
    .poll(async () => (await storedEntries(page)).map(([key]) => key))
    .toContain(userDraft);

  // Logout from the menu: 'Leave without saving?' is answered yes (the draft is kept on
  // leaving the form), then logout forgets it.
  page.on('dialog', (dialog) => void dialog.accept());
  await openMenu(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Logout' })
    .click();
  // Signed out, the home page is the login form.
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  // Nothing of the person is left in this browser's storage.
  const left = await storedEntries(page);
  const keys = left.map(([key]) => key);
  for (const key of ['session', 'email', 'userId', 'activePost', userDraft]) {
    expect(keys).not.toContain(key);
  }
  expect(keys.filter((key) => key.includes(':user-'))).toEqual([]);
  for (const [, value] of left) {
    expect(value).not.toContain(email);
    expect(value).not.toContain(phone);
    expect(value).not.toContain(title);
  }

  // Signed out, the ad's edit address opens nothing: no form, no name, phone or email.
  await page.goto(`/edit-post?id=${adId}`);
  await expect(page.getByText(sayIn('en', adMessages.wizard.notFound))).toBeVisible();
  await expect(page.getByLabel('Phone', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0);
  await expect(page.getByText(phone)).toHaveCount(0);
  await expect(page.getByText(email)).toHaveCount(0);
});
