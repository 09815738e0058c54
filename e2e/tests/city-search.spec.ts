import { publicPageText } from '@adboard/shared';
import { expect, test, type Page } from '@playwright/test';
import { moderatorAccount } from '../moderator-account.js';
import { expectNoHorizontalOverflow, expectNoViolations, viewports } from './axe.js';
import { pngImage } from './images.js';
import { LoopbackClient, type LoopbackResponse } from './loopback-client.js';
import { moderatorDeviceCookie } from './support.js';

/*
 * Issue 28: the city page's search form, as a visitor uses it on a phone and on a
 * desktop: keywords and filters submitted with the button, the list, the count, the
 * chips and the form's values after it; a chip removed; a search that finds nothing and
 * its way back; axe on each screen, nothing wider than the phone, and screenshots.
 *
 * Each viewport has a city of its own that no other spec uses, with four ads made
 * through the API (created, photos uploaded, submitted, approved by the moderator), so
 * every count on its pages is known. The calls come from loopback addresses of their
 * own (loopback-client.ts): the rate limits of 127.0.0.1 are the browser's.
 */

const s = publicPageText('en').search;
const KEYWORD = 'sunset';

interface SeedAd {
  title: string;
  age: number;
  ethnicity: string;
  business: string;
  incalls: string;
  outcalls: string;
  /** With a public photo (every ad has its verification photo). */
  photo: boolean;
}

/** Three ads with the keyword, two of them offering outcalls; one without the keyword. */
const ADS = {
  massage: {
    title: 'Sunset massage in a quiet studio',
    age: 24,
    ethnicity: 'asian',
    business: 'massage',
    incalls: 'private',
    outcalls: 'no',
    photo: true,
  },
  dinner: {
    title: 'Sunset dinner date and good company',
    age: 31,
    ethnicity: 'latino_hispanic',
    business: 'independent',
    incalls: 'no',
    outcalls: 'any',
    photo: false,
  },
  drinks: {
    title: 'Sunset drinks at your hotel',
    age: 45,
    ethnicity: 'caucasian',
    business: 'independent',
    incalls: 'hotel',
    outcalls: 'hotel',
    photo: true,
  },
  coffee: {
    title: 'Morning coffee and long walks',
    age: 28,
    ethnicity: 'mixed',
    business: 'agency',
    incalls: 'upscale',
    outcalls: 'any',
    photo: false,
  },
} satisfies Record<string, SeedAd>;
const ALL = Object.values(ADS);

async function ok<T>(res: Promise<LoopbackResponse>, what: string): Promise<T> {
  const answer = await res;
  expect(answer.status, `${what}: ${answer.text().slice(0, 300)}`).toBe(200);
  return answer.json<T>();
}

/**
 * The four ads in `city`: a new advertiser registers and verifies through the API,
 * creates them with their photos and submits them; the moderator approves them.
 */
async function seedCity(net: LoopbackClient, city: string, stamp: string): Promise<void> {
  const owner = net.from(`${net.localAddress.replace(/\.\d+$/, '')}.2`);
  const moderatorApi = net.from(`${net.localAddress.replace(/\.\d+$/, '')}.3`);
  const email = `city-search-${city}-${stamp}@example.com`;
  const password = 'city search long passphrase';
  await ok(owner.post('/api/user/register', { json: { email, password } }), 'register');
  let code = '';
  await expect
    .poll(async () => {
      const res = await net.get(`/dev/outbox?to=${encodeURIComponent(email)}`);
      const mails = res.json<{ subject: string; text: string }[]>();
      code =
        mails.map((m) => /\b(\d{6})\b/.exec(`${m.subject} ${m.text}`)?.[1]).find(Boolean) ?? '';
      return code;
    })
    .not.toBe('');
  const verified = await ok<{ user: { token: string } }>(
    owner.post('/api/user/verifyemail', { json: { email, code } }),
    'verify email',
  );
  const asOwner = { session: verified.user.token };

  const login = await ok<{ data: { token: string } }>(
    moderatorApi.post('/api/user/login', {
      json: { email: moderatorAccount.email, password: moderatorAccount.password },
      // The moderator's remembered device (its second factor, issue 27).
      headers: { cookie: `device=${moderatorDeviceCookie(`http://localhost:${net.port}`).value}` },
    }),
    'moderator login',
  );
  const asModerator = { session: login.data.token };

  for (const [i, ad] of ALL.entries()) {
    const created = await ok<{ post_id: string }>(
      owner.post('/api/posts', {
        headers: asOwner,
        json: {
          name: 'Jade',
          title: ad.title,
          description: '<p>Relaxed evenings, good conversation and a warm welcome.</p>',
          age: String(ad.age),
          phone: '702-208-4512',
          ethnicity: ad.ethnicity,
          business: ad.business,
          incalls: ad.incalls,
          outcalls: ad.outcalls,
          country: 'US',
          city,
          type: 'free_verified',
        },
      }),
      `create ${ad.title}`,
    );
    const id = created.post_id;
    const upload = (slot: string, seed: number) =>
      ok(
        owner.post(`/api/post/${id}/photos${slot}`, {
          headers: asOwner,
          file: {
            field: 'photos',
            name: `photo-${seed}.png`,
            mimeType: 'image/png',
            data: pngImage(seed, 120, 160),
          },
        }),
        `upload a photo to ${ad.title}`,
      );
    await upload('?slot=verification', 280 + i * 2);
    if (ad.photo) await upload('', 281 + i * 2);
    await ok(owner.post(`/api/post/${id}/submit`, { headers: asOwner }), `submit ${ad.title}`);
    await ok(
      moderatorApi.post(`/api/admin/posts/${id}/approve`, { headers: asModerator, json: {} }),
      `approve ${ad.title}`,
    );
  }
}

const cards = (page: Page) => page.locator('ul.ads > li');
const searchForm = (page: Page) => page.getByRole('search', { name: s.heading });

/** The list shows exactly these ads. */
async function expectListed(page: Page, shown: SeedAd[]): Promise<void> {
  await expect(cards(page)).toHaveCount(shown.length);
  for (const ad of ALL) {
    await expect(cards(page).filter({ hasText: ad.title })).toHaveCount(shown.includes(ad) ? 1 : 0);
  }
}

/** Opens "More filters" with a click when it is closed. */
async function openMore(page: Page): Promise<void> {
  const details = searchForm(page).locator('details.more');
  if ((await details.getAttribute('open')) === null) {
    await details.locator('summary').click();
  }
  await expect(details).toHaveAttribute('open', '');
}

const cases = [
  { name: 'phone', viewport: viewports.phone, city: 'tucson', place: 'Tucson, AZ' },
  { name: 'desktop', viewport: viewports.desktop, city: 'richmond', place: 'Richmond, VA' },
] as const;

for (const [index, { name, viewport, city, place }] of cases.entries()) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test(`a visitor searches ${city}'s ads with keywords and filters, removes a filter and clears an empty search`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const port = Number(new URL(baseURL ?? '').port);
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      await seedCity(new LoopbackClient(port, `127.0.28.${1 + index * 10}`), city, stamp);
      const origin = `http://${city}.localhost:${port}`;
      const status = page.getByRole('status').filter({ hasText: place });
      const form = searchForm(page);

      // The city page lists the four ads (public pages are cached up to 5 seconds).
      await expect(async () => {
        await page.goto(`${origin}/`);
        await expect(cards(page)).toHaveCount(ALL.length, { timeout: 500 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByRole('list', { name: s.applied })).toHaveCount(0);

      // Keywords, then the folded filters: opened, one ticked, an age typed.
      await form.getByLabel(s.keywords).fill(KEYWORD);
      await openMore(page);
      await expectNoViolations(page, `${name}: the city page, filters open`);
      await expectNoHorizontalOverflow(page, `${name}: the city page, filters open`);
      await form
        .getByRole('group', { name: s.outcalls })
        .getByRole('checkbox', { name: s.anyOutcalls })
        .check();
      await form.getByLabel(s.ageTo, { exact: true }).fill('50');
      // The button at the end of the filters.
      await form.getByRole('button', { name: s.submit }).last().click();

      await expect(page).toHaveURL((url) => url.searchParams.get('q') === KEYWORD);
      const query = new URL(page.url()).searchParams;
      expect(query.getAll('outcalls')).toEqual(['any']);
      expect(query.get('age_max')).toBe('50');
      await expectListed(page, [ADS.dinner, ADS.drinks]);
      await expect(status).toHaveText(`${place} · ${s.matches({ n: 2 })}`);
      const chips = page.getByRole('list', { name: s.applied });
      const outcallsChip = chips.getByRole('link', {
        name: s.removeFilter({ label: `${s.outcalls}: ${s.anyOutcalls}` }),
      });
      await expect(
        chips.getByRole('link', {
          name: s.removeFilter({ label: s.chipKeywords({ q: KEYWORD }) }),
        }),
      ).toBeVisible();
      await expect(outcallsChip).toBeVisible();
      await expect(
        chips.getByRole('link', { name: s.removeFilter({ label: s.chipAgeTo({ max: 50 }) }) }),
      ).toBeVisible();
      await expect(chips.getByRole('link', { name: s.clear })).toBeVisible();
      // The filters fold again (the chips say which are in force): the ads come first.
      await expect(form.locator('details.more')).not.toHaveAttribute('open', '');
      await expect(form.locator('details.more summary')).toHaveText(s.moreFilters({ n: 2 }));
      await page.screenshot({ path: `/tmp/city-search-${name}-results.png`, fullPage: true });
      // The form keeps what was asked.
      await expect(form.getByLabel(s.keywords)).toHaveValue(KEYWORD);
      await openMore(page);
      await expect(
        form
          .getByRole('group', { name: s.outcalls })
          .getByRole('checkbox', { name: s.anyOutcalls }),
      ).toBeChecked();
      await expect(form.getByLabel(s.ageTo, { exact: true })).toHaveValue('50');
      // Not indexed; its canonical is the city page.
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
        'content',
        'noindex, follow',
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/en/`);
      await expectNoViolations(page, `${name}: filtered`);
      await expectNoHorizontalOverflow(page, `${name}: filtered`);
      await page.screenshot({ path: `/tmp/city-search-${name}-filtered.png`, fullPage: true });

      // One chip removed: the ads without outcalls are back.
      await outcallsChip.click();
      await expect(page).toHaveURL((url) => !url.searchParams.has('outcalls'));
      await expectListed(page, [ADS.massage, ADS.dinner, ADS.drinks]);
      await expect(status).toHaveText(`${place} · ${s.matches({ n: 3 })}`);
      await expect(outcallsChip).toHaveCount(0);
      await expect(form.getByLabel(s.keywords)).toHaveValue(KEYWORD);

      // A search that finds nothing, sent with the button next to the keywords.
      await openMore(page);
      await form
        .getByRole('group', { name: s.ethnicity })
        .getByRole('checkbox', { name: 'Native' })
        .check();
      await form.getByRole('button', { name: s.submit }).first().click();
      await expect(page).toHaveURL((url) =>
        url.searchParams.getAll('ethnicity').includes('native'),
      );
      await expect(page.getByText(s.noMatches)).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
      await expect(status).toHaveText(`${place} · ${s.matches({ n: 0 })}`);
      await expectNoViolations(page, `${name}: no result`);
      await expectNoHorizontalOverflow(page, `${name}: no result`);
      await page.screenshot({ path: `/tmp/city-search-${name}-empty.png`, fullPage: true });

      // Its "Clear all filters" button: every ad of the city again.
      await page
        .locator('main div')
        .filter({ hasText: s.noMatches })
        .getByRole('link', { name: s.clear })
        .click();
      await expect(page).toHaveURL(`${origin}/en/`);
      await expectListed(page, ALL);
      await expect(status).not.toContainText('match');
      await expect(page.getByRole('list', { name: s.applied })).toHaveCount(0);
      await expect(form.getByLabel(s.keywords)).toHaveValue('');
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    });
  });
}
