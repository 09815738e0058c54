import { citySearchLimits, lifecycle, noCityFilters, publicPageMessages } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findCityListing,
  ROTATION_SLOT_MS,
  rotationPivot,
  SLOTS_PER_DAY,
} from '../src/modules/public-pages/city-listing-repository.js';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/** A phone's first screen of a city page: two columns of cards, three rows. */
const FIRST_SCREEN = 6;
const DAY_START = Date.UTC(2026, 11, 2);
const HOUR = 60;

describe('the recommended order is fair: every ad has its turn near the top', () => {
  let t: TestApp;
  let owner: SignedIn;

  const scope = (citySlug: string) => ({ siteId: 'local', countryCode: 'US', citySlug });
  const listing = (citySlug: string, at: number, filters = noCityFilters, page = 1) =>
    findCityListing(t.database.pool, scope(citySlug), filters, page, new Date(at));

  async function publicAds(
    city: string,
    count: number,
    options: { type?: string; listedMinutesAgo?: number; postedMinutesAgo?: number } = {},
  ): Promise<number[]> {
    const made: number[] = [];
    for (let i = 0; i < count; i++) {
      const ad = await createAd(t.app, {
        session: owner.token,
        type: options.type ?? 'free_verified',
        overrides: { city, title: `Ad ${i} of ${city}` },
      });
      await makeAdPublic(t, ad.postId, {
        postedMinutesAgo: options.postedMinutesAgo ?? 3 * 24 * HOUR,
        listedMinutesAgo: options.listedMinutesAgo ?? 2 * 24 * HOUR,
      });
      made.push(Number(ad.postId));
    }
    return made;
  }

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), publicPageTtlMs: 0 });
    owner = await registerVerified(t.app, 'fair@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  it('over the 96 quarters of a day, each of a group of 50 ads is on the first screen at least once', async () => {
    const group = await publicAds('memphis', 50);
    const seen = new Map<number, number>(group.map((id) => [id, 0]));
    const pivots = new Set<number>();
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
      const at = DAY_START + slot * ROTATION_SLOT_MS;
      pivots.add(rotationPivot(new Date(at)));
      const shown = await listing('memphis', at);
      expect(shown.ids, `slot ${slot}`).toHaveLength(lifecycle.cityPageSize);
      for (const id of shown.ids.slice(0, FIRST_SCREEN)) seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    // 96 different starting points in a day.
    expect(pivots.size).toBe(SLOTS_PER_DAY);
    const never = [...seen].filter(([, times]) => times === 0).map(([id]) => id);
    expect(never).toEqual([]);
    // And no ad hogs the top: at most a few times its fair share (96 × 6 / 50 ≈ 11.5).
    expect(Math.max(...seen.values())).toBeLessThanOrEqual(30);
  });

  it('keeps its order for a quarter of an hour (pages cache well), and changes it with the next', async () => {
    const at = DAY_START + 5 * ROTATION_SLOT_MS;
    const first = await listing('memphis', at);
    expect((await listing('memphis', at + ROTATION_SLOT_MS - 1)).ids).toEqual(first.ids);
    expect((await listing('memphis', at + ROTATION_SLOT_MS)).ids).not.toEqual(first.ids);
    // Page 2 goes on where page 1 stops: every ad once over the pages.
    const second = await listing('memphis', at, noCityFilters, 2);
    const third = await listing('memphis', at, noCityFilters, 3);
    expect(third.hasMore).toBe(false);
    const all = [...first.ids, ...second.ids, ...third.ids];
    expect(new Set(all).size).toBe(50);
  });

  it('puts the ads listed (published or renewed) in the last 24 hours first in their group, whatever the turn', async () => {
    const old = await publicAds('tulsa', 8);
    const renewed = await publicAds('tulsa', 2, { listedMinutesAgo: 2 * HOUR });
    const vip = await publicAds('tulsa', 2, { type: 'paid' });
    for (let slot = 0; slot < SLOTS_PER_DAY; slot += 7) {
      const { ids } = await listing('tulsa', DAY_START + slot * ROTATION_SLOT_MS);
      expect(ids.slice(0, 2).sort()).toEqual(vip.slice().sort());
      expect(ids.slice(2, 4).sort()).toEqual(renewed.slice().sort());
      expect(ids.slice(4).sort()).toEqual(old.slice().sort());
    }
  });

  it('sorts newest first (by publication) on request, in the same groups', async () => {
    const older = await publicAds('omaha', 1, { postedMinutesAgo: 300 });
    const newer = await publicAds('omaha', 1, { postedMinutesAgo: 100 });
    const newest = await publicAds('omaha', 1, { postedMinutesAgo: 10 });
    const vip = await publicAds('omaha', 1, { type: 'paid', postedMinutesAgo: 900 });
    const { ids } = await listing('omaha', Date.now(), { ...noCityFilters, sort: 'newest' });
    expect(ids).toEqual([...vip, ...newest, ...newer, ...older]);
  });

  it(`counts exactly up to ${citySearchLimits.countCap}, then says "more than", and still pages on`, async () => {
    const [seed] = await publicAds('buffalo', 1);
    const { rowCount } = await t.database.pool.query(
      `INSERT INTO ads (site_id, owner_id, email, email_normalized, type, status, country_code,
                        city_slug, title, description_html, description_text, name, age, phone,
                        approved, expires_at, posted_at, listed_at)
       SELECT site_id, owner_id, email, email_normalized, type, status, country_code, city_slug,
              title || ' ' || n, description_html, description_text, name, age, phone,
              approved, expires_at, posted_at, listed_at
         FROM ads, generate_series(1, $2::int) AS n WHERE id = $1`,
      [seed, citySearchLimits.countCap],
    );
    expect(rowCount).toBe(citySearchLimits.countCap);
    const first = await listing('buffalo', Date.now());
    expect(first.count).toEqual({ exact: false, atLeast: citySearchLimits.countCap });
    const deep = await listing('buffalo', Date.now(), noCityFilters, 41);
    expect(deep.ids).toHaveLength(lifecycle.cityPageSize);
    expect(deep.hasMore).toBe(true);

    const res = await call(t.app, 'GET', '/?page=41', {
      headers: { host: 'buffalo.localhost:3000' },
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain(
      publicPageMessages.search.matchesMoreThan(citySearchLimits.countCap),
    );
    // No last page is claimed; the next one is offered.
    expect(res.text).toContain(`<p class="count">${publicPageMessages.pageOf(41)}</p>`);
    expect(res.text).toContain('<a rel="next" href="/?page=42">');
    const one = await listing('buffalo', Date.now(), { ...noCityFilters, q: 'Ad 0 of buffalo 7' });
    expect(one.count).toEqual({ exact: true, n: 1 });
  });
});
