import { citySearchLimits, lifecycle, noCityFilters, publicPageText } from '@adboard/shared';
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
    options: {
      type?: string;
      listedMinutesAgo?: number;
      postedMinutesAgo?: number;
      /** A premium running this many hours more (negative: ended that long ago). */
      premiumHours?: number;
      age?: number;
    } = {},
  ): Promise<number[]> {
    const made: number[] = [];
    for (let i = 0; i < count; i++) {
      const ad = await createAd(t.app, {
        session: owner.token,
        type: options.type ?? 'free_verified',
        overrides: {
          city,
          title: `Ad ${i} of ${city}`,
          ...(options.age ? { age: options.age } : {}),
        },
      });
      await makeAdPublic(t, ad.postId, {
        postedMinutesAgo: options.postedMinutesAgo ?? 3 * 24 * HOUR,
        listedMinutesAgo: options.listedMinutesAgo ?? 2 * 24 * HOUR,
      });
      if (options.premiumHours !== undefined) {
        await t.database.pool.query(
          `UPDATE ads SET premium_until = now() + make_interval(hours => $2::int) WHERE id = $1`,
          [ad.postId, options.premiumHours],
        );
      }
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

  it('sorts newest first (by publication or renewal) on request, in the same groups', async () => {
    // Made in this order, listed in another: the order is the listing's time, not the id.
    const newest = await publicAds('omaha', 1, { listedMinutesAgo: 10 });
    const older = await publicAds('omaha', 1, { listedMinutesAgo: 300 });
    const newer = await publicAds('omaha', 1, { listedMinutesAgo: 100, postedMinutesAgo: 9000 });
    const vip = await publicAds('omaha', 1, { type: 'paid', listedMinutesAgo: 900 });
    const { ids } = await listing('omaha', Date.now(), { ...noCityFilters, sort: 'newest' });
    expect(ids).toEqual([...vip, ...newest, ...newer, ...older]);
  });

  it("leaves out a banned owner's ads at once, and shows them again when the ban is lifted", async () => {
    const [ad] = await publicAds('hartford', 1);
    const ids = async () => (await listing('hartford', Date.now())).ids;
    expect(await ids()).toEqual([ad]);
    // The ban is written on the account only: the ad's copy follows (migration 0022).
    await t.database.pool.query('UPDATE users SET banned_at = now() WHERE id = $1', [owner.userId]);
    expect(await ids()).toEqual([]);
    await t.database.pool.query('UPDATE users SET banned_at = NULL WHERE id = $1', [owner.userId]);
    expect(await ids()).toEqual([ad]);
  });

  it('gives the same order whether it sorts all the matches or reads them in order (past the count cap)', async () => {
    const city = 'fresno';
    const made = {
      premium: [
        ...(await publicAds(city, 2, { premiumHours: 5 })),
        ...(await publicAds(city, 1, { type: 'paid', premiumHours: 30, listedMinutesAgo: 60 })),
      ],
      endedPremium: await publicAds(city, 1, { type: 'paid', premiumHours: -2 }),
      vip: await publicAds(city, 3, { type: 'paid', age: 30 }),
      vipFresh: await publicAds(city, 2, { type: 'paid', listedMinutesAgo: 30 }),
      free: await publicAds(city, 18, { age: 30 }),
      freeFresh: await publicAds(city, 3, { listedMinutesAgo: 90 }),
    };
    const all = Object.values(made).flat();
    const filters = [
      noCityFilters,
      { ...noCityFilters, sort: 'newest' as const },
      { ...noCityFilters, ageMin: 30, ageMax: 30 },
    ];
    for (const slot of [0, 31, 77]) {
      const at = DAY_START + slot * ROTATION_SLOT_MS;
      for (const filter of filters) {
        const read = async (sortWholeUpTo: number) => {
          const pages = [];
          for (const page of [1, 2]) {
            const found = await findCityListing(
              t.database.pool,
              scope(city),
              filter,
              page,
              new Date(at),
              {
                sortWholeUpTo,
              },
            );
            pages.push(...found.ids);
          }
          return pages;
        };
        const sorted = await read(citySearchLimits.countCap);
        const inOrder = await read(0);
        expect(inOrder, `slot ${slot}, ${JSON.stringify(filter)}`).toEqual(sorted);
        if (filter === noCityFilters) {
          expect(new Set(sorted)).toEqual(new Set(all));
          // A running premium first, the last day's ads first in their group.
          expect(new Set(sorted.slice(0, 3))).toEqual(new Set(made.premium));
          expect(sorted[0]).toBe(made.premium[2]);
          expect(new Set(sorted.slice(3, 5))).toEqual(new Set(made.vipFresh));
          expect(new Set(sorted.slice(9, 12))).toEqual(new Set(made.freeFresh));
        }
      }
    }
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
      publicPageText('en').search.matchesMoreThan({ n: citySearchLimits.countCap }),
    );
    // No last page is claimed; the next one is offered.
    expect(res.text).toContain(`<p class="count">${publicPageText('en').pageOf({ page: 41 })}</p>`);
    expect(res.text).toContain('<a rel="next" href="/en/?page=42">');
    const one = await listing('buffalo', Date.now(), { ...noCityFilters, q: 'Ad 0 of buffalo 7' });
    expect(one.count).toEqual({ exact: true, n: 1 });
  });

  it('is read on connections that plan without parallel workers, once per connection', async () => {
    const client = await t.database.pool.connect();
    try {
      const show = async (name: string) =>
        (await client.query<Record<string, string>>(`SHOW ${name}`)).rows[0]?.[name];
      expect(await show('max_parallel_workers_per_gather')).toBe('0');
      expect(await show('plan_cache_mode')).toBe('force_generic_plan');
    } finally {
      client.release();
    }
  });
});
