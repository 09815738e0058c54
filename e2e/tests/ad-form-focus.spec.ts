import { catalogueAreas, messagesOf } from '@adboard/shared';
import { expect, test } from '@playwright/test';
import { openAdForm } from './ad-steps.js';
import { registerAndVerify, uniqueEmail } from './support.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

/**
 * A field shows how many characters are left while it has the focus. Pressing a
 * button moves the focus off that field before the press ends: the fields must
 * not move then, or the button moves away from under the pointer and the press
 * is lost (CI's run lost "Save and continue" this way when the field above it
 * shrank by its counter's line between the mouse going down and coming up).
 */
// Tall enough for the whole form: nothing scrolls, so nothing makes up for a shift.
test.use({ viewport: { width: 1280, height: 2400 } });

test('leaving a field for a button does not move the button: the press goes through', async ({
  page,
  request,
}) => {
  await registerAndVerify(page, request, uniqueEmail('focus'), 'focus moves nothing passphrase');
  await page.goto('/edit-post');
  await openAdForm(page, 'free_verified');

  await page.getByLabel('Name', { exact: true }).fill('Jade');
  await page.getByLabel('Phone', { exact: true }).fill('702-208-4642');
  await page.getByLabel('Title', { exact: true }).fill(`Focus evenings ${Date.now()}`);
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Relaxed evenings, good conversation and a warm welcome.');
  await page.getByLabel('Ethnicity').selectOption({ label: 'Mixed' });
  // Age last, and still focused: its counter shows, above the button.
  await page.getByLabel('Age', { exact: true }).fill('27');
  await expect(page.getByText(answersEn.rules.charactersRemaining({ n: 0 }))).toBeVisible();

  const save = page.getByRole('button', { name: 'Save and continue' });
  await save.scrollIntoViewIfNeeded();
  const before = await save.boundingBox();
  if (!before) throw new Error('the button has no box');
  // Down near the button's lower edge, where a shift of one line leaves the pointer
  // outside it; up once the page has drawn what the focus change did.
  await page.mouse.move(before.x + before.width / 2, before.y + before.height - 4);
  await page.mouse.down();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await save.boundingBox()).toEqual(before);
  await page.mouse.up();

  await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible();
});
