import { adMessages, adTypeLabels, photoMessages } from '@adboard/shared';
import { expect, type Page } from '@playwright/test';
import { photoFile } from './images.js';

export interface AdDetails {
  title: string;
  phone: string;
  /** Typed only when signed out: the account's email is used otherwise. */
  email?: string;
}

/** Called on each view of the wizard once it shows, before anything is typed in it. */
export type OnWizardView = (
  view: 'rules' | 'type' | 'ad form' | 'photos' | 'finalize',
) => Promise<void>;

/**
 * Rules, Las Vegas and the free verified type, then the form, then Photos with
 * the verification photo (a verified ad needs it), up to Finalize Ad.
 */
export async function postFreeVerifiedAd(
  page: Page,
  ad: AdDetails,
  onView: OnWizardView = async () => {},
): Promise<void> {
  await expect(page.getByRole('heading', { name: adMessages.wizard.rulesHeading })).toBeVisible();
  await onView('rules');
  await page.getByLabel(adMessages.wizard.rulesAccept).check();
  await page.getByRole('button', { name: adMessages.wizard.agree }).click();

  await expect(page.getByLabel('Country')).toHaveValue('US');
  // Waits for the city list, which loads after a short delay.
  await page.getByLabel('City').selectOption('las-vegas');
  await onView('type');
  await page.getByRole('radio', { name: adTypeLabels.free_verified.title }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByRole('heading', { name: 'Posting on Las Vegas, United States' }),
  ).toBeVisible();
  await onView('ad form');
  await page.getByLabel('Name', { exact: true }).fill('Jade');
  await page.getByLabel('Phone', { exact: true }).fill(ad.phone);
  // A role, not the label: the 'Show on my ad' group has an Email checkbox too.
  if (ad.email) await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ad.email);
  await page.getByLabel('Title', { exact: true }).fill(ad.title);
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.type('Relaxed evenings, good conversation and a warm welcome.');
  await page.getByLabel('Age', { exact: true }).fill('27');
  await page.getByLabel('Ethnicity').selectOption({ label: 'Mixed' });
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible();
  await expect(page.getByText(photoMessages.verificationSlot.neverPublic)).toBeVisible();
  await onView('photos');
  // The verification photo has its own slot (verification-photo.spec.ts).
  await page
    .getByLabel(photoMessages.verificationSlot.inputLabel)
    .setInputFiles(photoFile('sign.png', 1));
  await expect(page.getByRole('img', { name: 'Preview of sign.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Photos' }).click();

  await expect(page.getByRole('heading', { name: 'Finalize Ad' })).toBeVisible();
  await expect(page.getByText(adMessages.wizard.submitNeedsPhoto)).toHaveCount(0);
  await onView('finalize');
}

export async function submitForReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: adMessages.wizard.submitForReview }).click();
  await expect(
    page.getByRole('status').filter({ hasText: adMessages.wizard.submitted }),
  ).toBeVisible();
}

export function adCard(page: Page, title: string) {
  return page
    .getByRole('list', { name: 'Your ads' })
    .getByRole('listitem')
    .filter({ hasText: title });
}

export async function sessionOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('session'))) ?? '';
}
