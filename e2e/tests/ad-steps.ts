import {
  createAdEndpoint,
  type BodyInputOf,
  type CreatableAdType,
  catalogueAreas,
  messagesOf,
} from '@adboard/shared';
import { expect, type Page } from '@playwright/test';
import { photoFile } from './images.js';

/** The ads' words in English, as an English reader sees them. */
const adsEn = messagesOf(catalogueAreas.ads, 'en');
const paymentsEn = messagesOf(catalogueAreas.payments, 'en');
const photosEn = messagesOf(catalogueAreas.photos, 'en');

/** The ad form's words in English, as the app shows them. */
const adFormWords = messagesOf(catalogueAreas.adForm, 'en');
const adTypeLabels = adFormWords.types;

export interface AdDetails {
  title: string;
  phone: string;
  /** Where it is posted (default Las Vegas), and the heading the form shows for it. */
  place?: { country: 'US' | 'CA'; city: string; heading: string };
  /** Typed only when signed out: the account's email is used otherwise. */
  email?: string;
}

/** Called on each view of the wizard once it shows, before anything is typed in it. */
export type OnWizardView = (
  view: 'rules' | 'type' | 'ad form' | 'photos' | 'finalize',
) => Promise<void>;

/** Rules, Las Vegas and the given type, up to the ad form (the wizard open on its first step). */
export async function openAdForm(page: Page, type: CreatableAdType): Promise<void> {
  await expect(page.getByRole('heading', { name: adsEn.wizard.rulesHeading })).toBeVisible();
  await page.getByLabel(adsEn.wizard.rulesAccept).check();
  await page.getByRole('button', { name: adsEn.wizard.agree }).click();
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await page.getByLabel('City').selectOption('las-vegas');
  await page.getByRole('radio', { name: adTypeLabels[type].title }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('heading', { name: 'Posting on Las Vegas, United States' }),
  ).toBeVisible();
}

/**
 * Rules, Las Vegas and the free verified type, then the form, then Photos with
 * the verification photo (a verified ad needs it), up to Finalize Ad.
 */
export async function postFreeVerifiedAd(
  page: Page,
  ad: AdDetails,
  onView: OnWizardView = async () => {},
): Promise<void> {
  await expect(page.getByRole('heading', { name: adsEn.wizard.rulesHeading })).toBeVisible();
  await onView('rules');
  await page.getByLabel(adsEn.wizard.rulesAccept).check();
  await page.getByRole('button', { name: adsEn.wizard.agree }).click();

  await expect(page.getByLabel('Country')).toHaveValue('US');
  const place = ad.place ?? {
    country: 'US',
    city: 'las-vegas',
    heading: 'Posting on Las Vegas, United States',
  };
  if (place.country !== 'US') await page.getByLabel('Country').selectOption(place.country);
  // Waits for the city list, which loads after a short delay.
  await page.getByLabel('City').selectOption(place.city);
  await onView('type');
  await page.getByRole('radio', { name: adTypeLabels.free_verified.title }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: place.heading })).toBeVisible();
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
  await expect(page.getByText(photosEn.verificationSlot.neverPublic)).toBeVisible();
  await onView('photos');
  // The verification photo has its own slot (verification-photo.spec.ts).
  await page
    .getByLabel(photosEn.verificationSlot.inputLabel)
    .setInputFiles(photoFile('sign.png', 1));
  await expect(page.getByRole('img', { name: 'Preview of sign.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Photos' }).click();

  await expect(page.getByRole('heading', { name: 'Finalize Ad' })).toBeVisible();
  await expect(page.getByText(adsEn.wizard.submitNeedsPhoto)).toHaveCount(0);
  await onView('finalize');
}

export async function submitForReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: adsEn.wizard.submitForReview }).click();
  await expect(page.getByRole('status').filter({ hasText: adsEn.wizard.submitted })).toBeVisible();
}

/**
 * The wizard from its start (`/edit-post`, signed in or not) through every view to
 * the submitted ad, as postFreeVerifiedAd walks it. Answers the ad's id (from the address).
 */
export async function postAndSubmitAd(
  page: Page,
  ad: AdDetails,
  onView?: OnWizardView,
): Promise<string> {
  await page.goto('/edit-post');
  await postFreeVerifiedAd(page, ad, onView);
  await submitForReview(page);
  return adIdInAddress(page);
}

/**
 * The wizard's ad id, once the address carries it: the wizard writes it after the
 * step it opens is drawn, so a test waits for the address rather than reading it at once.
 */
export async function adIdInAddress(page: Page): Promise<string> {
  await expect(page).toHaveURL(/[?&]id=\d+(&|$)/);
  return new URL(page.url()).searchParams.get('id') ?? '';
}

/**
 * An ad of the page's signed-in advertiser in Las Vegas, made the way the app makes
 * it (POST /api/posts) from the page itself, so that it belongs to the page's own site
 * (the brands' hosts resolve only in the browser). Answers its id.
 */
export async function createAdByApi(
  page: Page,
  title: string,
  type: CreatableAdType = 'free_verified',
): Promise<string> {
  const body: BodyInputOf<typeof createAdEndpoint> = {
    name: 'Jade',
    title,
    description: '<p>Relaxed evenings.</p>',
    age: '27',
    phone: '702-208-4512',
    ethnicity: '',
    business: '',
    incalls: '',
    outcalls: '',
    country: 'US',
    city: 'las-vegas',
    type,
  };
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          session: localStorage.getItem('session') ?? '',
        },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
      return ((await res.json()) as { post_id: string }).post_id;
    },
    {
      method: createAdEndpoint.method,
      path: createAdEndpoint.path,
      body,
    },
  );
}

/** Opens a city page (`origin`) until it lists the ad: public pages are cached up to 5 seconds. */
export async function openCityPageListing(
  page: Page,
  origin: string,
  title: string,
): Promise<void> {
  await expect(async () => {
    await page.goto(`${origin}/`);
    await expect(page.getByRole('link', { name: title })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

export function adCard(page: Page, title: string) {
  return page
    .getByRole('list', { name: 'Your ads' })
    .getByRole('listitem')
    .filter({ hasText: title });
}

/**
 * On the payment view of a VIP ad: picks the duration, asks for an address and answers
 * it with its amount in satoshis, as the wallet link names them.
 */
export async function askVipAddress(
  page: Page,
  duration = '30 days',
): Promise<{ address: string; sats: number }> {
  await page
    .getByRole('group', { name: paymentsEn.vipLegend })
    .getByRole('radio', { name: duration })
    .check();
  await page.getByRole('button', { name: paymentsEn.getAddress }).click();
  const wallet = page.getByRole('link', { name: paymentsEn.openWallet });
  await expect(wallet).toHaveAttribute('href', /^bitcoin:/);
  const uri = new URL((await wallet.getAttribute('href')) ?? '');
  return {
    address: uri.pathname,
    sats: Math.round(Number(uri.searchParams.get('amount')) * 1e8),
  };
}

/** Rules, Las Vegas and the VIP type, the form, then Photos with one photo, up to Payment. */
export async function postVipAd(page: Page, title: string, phone = '702-208-4577'): Promise<void> {
  await openAdForm(page, 'paid');
  await page.getByLabel('Name', { exact: true }).fill('Jade');
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Relaxed evenings, good conversation and a warm welcome.');
  await page.getByLabel('Age', { exact: true }).fill('27');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible();
  await page.getByLabel('Add photos').setInputFiles(photoFile('vip.png', 7));
  await expect(page.getByRole('img', { name: 'Preview of vip.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Photos' }).click();
}
