import {
  adOptionsEnglish,
  adToolLimits,
  catalogueAreas,
  messagesOf,
  noCityFilters,
  type AdListRow,
  type VisitsResult,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCityListing } from '../src/modules/public-pages/city-listing-repository.js';
import { relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adRow, createAd, expectFieldError } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const HOUSTON = 'houston.localhost:3000';
const VEGAS = 'las-vegas.localhost:3000';
const DAY = 86_400_000;
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const m = messagesOf(catalogueAreas.adTools, 'en').visits;

/*
 * Issue 29, visits to other cities: a live VIP ad plans up to 3 visits of 1 to 14 days
 * within its paid time; during a visit it is also on that city's pages, in its own
 * group, with a 'Visiting' badge and the days; its page shows the schedule. Not content.
 */
describe('visits to other cities', () => {
  let t: TestApp;
  let owner: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), publicPageTtlMs: 0 });
    owner = await registerWithAuthenticator(t, 'visits@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A live VIP ad of `city`, paid for `days` more days. */
  async function liveVip(title: string, city = 'las-vegas', days = 30): Promise<string> {
    const { postId } = await createAd(t.app, {
      session: owner.token,
      type: 'paid',
      overrides: { title, city },
    });
    await makeAdPublic(t, postId, { expiresInDays: days, postedMinutesAgo: 3 * 24 * 60 });
    await t.database.pool.query(`UPDATE ads SET paid = true, product = 'DAYS_30' WHERE id = $1`, [
      postId,
    ]);
    return postId;
  }
  const put = (id: string, visits: unknown) =>
    call(t.app, 'PUT', `/api/post/${id}/visits`, {
      headers: { session: owner.token },
      body: { visits },
    });
  const visitRows = async (id: string) =>
    (
      await t.database.pool.query(
        'SELECT city_slug, starts_on::text, ends_on::text FROM ad_visits WHERE ad_id = $1 ORDER BY starts_on',
        [id],
      )
    ).rows;

  /** My Posts: whether each ad offers the Visits tool now. */
  const visitsPlannable = async () => {
    const res = await call(t.app, 'GET', '/api/posts', { headers: { session: owner.token } });
    const rows = res.json as AdListRow[];
    return Object.fromEntries(rows.map((row) => [row.postId, row.tools.visitsPlannable]));
  };

  it('lists a visiting ad on the city it visits, in its own group, and its page shows the tour', async () => {
    const id = await liveVip('Touring companion');
    const res = await put(id, [
      { city: 'houston', from: day(0), to: day(2) },
      { city: 'dallas', from: day(5), to: day(6) },
    ]);
    expect(res.status, res.text).toBe(200);
    expect((res.json as VisitsResult).visits).toEqual([
      { city: 'houston', cityName: 'Houston', from: day(0), to: day(2) },
      { city: 'dallas', cityName: 'Dallas', from: day(5), to: day(6) },
    ]);
    const read = await call(t.app, 'GET', `/api/post/${id}/visits`, {
      headers: { session: owner.token },
    });
    expect(read.json).toEqual(res.json);

    // A free ad of Houston: the visiting VIP ad comes before it (its own group).
    const { postId: local } = await createAd(t.app, {
      session: owner.token,
      overrides: { title: 'Houston local', city: 'houston' },
    });
    await makeAdPublic(t, local, { postedMinutesAgo: 60 });
    const houston = (await call(t.app, 'GET', '/', { headers: { host: HOUSTON } })).text;
    expect(houston).toContain(`/ads/details/${id}"`);
    expect(houston).toMatch(/class="badge visiting">Visiting \w{3} \d{1,2}/);
    expect(houston.indexOf(`/ads/details/${id}"`)).toBeLessThan(
      houston.indexOf(`/ads/details/${local}"`),
    );
    // Dallas only from its first day.
    const dallas = (await call(t.app, 'GET', '/', { headers: { host: 'dallas.localhost:3000' } }))
      .text;
    expect(dallas).not.toContain(`/ads/details/${id}"`);
    // Its page, on its own city, says where it goes.
    const page = (await call(t.app, 'GET', `/ads/details/${id}`, { headers: { host: VEGAS } }))
      .text;
    expect(page).toContain(adOptionsEnglish.visits.scheduleHeading);
    expect(page).toContain('Houston, ');
    // The page read in its branches and sorted whole: the same ads in the same order.
    for (const sort of ['recommended', 'newest'] as const) {
      for (const filters of [
        { ...noCityFilters, sort },
        { ...noCityFilters, sort, ageMin: 19 },
      ]) {
        const scope = { siteId: 'local', countryCode: 'US', citySlug: 'houston' };
        const whole = await findCityListing(t.database.pool, scope, filters, 1);
        const branches = await findCityListing(t.database.pool, scope, filters, 1, new Date(), {
          sortWholeUpTo: 0,
        });
        expect(branches.ids, sort).toEqual(whole.ids);
        expect(whole.ids).toContain(Number(id));
        expect(whole.count).toEqual(branches.count);
      }
    }
    // Its card there links to its page on its own city's host.
    expect(houston).toContain(`href="http://las-vegas.localhost:3000/en/ads/details/${id}"`);
  });

  it('refuses what makes no sense with a 4xx and a catalogue message, storing nothing', async () => {
    const id = await liveVip('Careful planner', 'las-vegas', 10);
    expect((await put(id, [{ city: 'houston', from: day(1), to: day(2) }])).status).toBe(200);
    const before = await visitRows(id);
    const cases: [unknown, string, string][] = [
      [[{ city: 'atlantis', from: day(1), to: day(2) }], 'visits.0.city', m.unknownCity],
      [[{ city: 'las-vegas', from: day(1), to: day(2) }], 'visits.0.city', m.ownCity],
      [[{ city: 'houston', from: day(3), to: day(1) }], 'visits.0.to', m.reversed],
      [[{ city: 'houston', from: day(1), to: '2027-02-30' }], 'visits.0.to', m.date],
      [[{ city: 'houston', from: day(-1), to: day(1) }], 'visits.0.from', m.past],
      [
        [{ city: 'houston', from: day(1), to: day(15) }],
        'visits.0.to',
        m.tooLong({ maxDays: adToolLimits.visitDaysMax }),
      ],
      [[{ city: 'houston', from: day(5), to: day(12) }], 'visits.0.to', m.pastPaidTime],
      [
        [
          { city: 'houston', from: day(1), to: day(3) },
          { city: 'dallas', from: day(3), to: day(4) },
        ],
        'visits.1.from',
        m.overlap,
      ],
      [
        [1, 2, 3, 4].map((n) => ({ city: 'houston', from: day(n * 2), to: day(n * 2) })),
        'visits',
        m.tooMany({ maxVisits: adToolLimits.visitsMax }),
      ],
    ];
    for (const [visits, field, message] of cases) {
      expectFieldError(await put(id, visits), field, message);
    }
    expect(await visitRows(id)).toEqual(before);
  });

  it('sends a VIP ad only to cities of its price or lower', async () => {
    const id = await liveVip('From Memphis', 'memphis');
    expectFieldError(
      await put(id, [{ city: 'houston', from: day(1), to: day(2) }]),
      'visits.0.city',
      m.higherTier,
    );
    expect((await put(id, [{ city: 'austin', from: day(1), to: day(2) }])).status).toBe(200);
  });

  it('is for a live VIP ad only, and ends when the ad is paused, rejected, expired or deleted', async () => {
    const { postId: free } = await createAd(t.app, { session: owner.token });
    await makeAdPublic(t, free);
    const refused = await put(free, [{ city: 'houston', from: day(1), to: day(2) }]);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: m.notPaid });

    const id = await liveVip('Pauses its tour');
    // My Posts offers the Visits tool as the table allows it: the VIP ad, not the free one.
    expect(await visitsPlannable()).toMatchObject({ [free]: false, [id]: true });
    expect((await put(id, [{ city: 'houston', from: day(0), to: day(1) }])).status).toBe(200);
    const paused = await call(t.app, 'POST', `/api/post/${id}/pause`, {
      headers: { session: owner.token },
    });
    expect(paused.status, paused.text).toBe(200);
    expect(await visitRows(id)).toEqual([]);
    const whilePaused = await put(id, [{ city: 'houston', from: day(0), to: day(1) }]);
    expect(whilePaused.status).toBe(409);
    expect(whilePaused.json).toMatchObject({
      error: messagesOf(catalogueAreas.adTools, 'en').refused.frozenPaused,
    });
    expect(await visitsPlannable()).toMatchObject({ [id]: false });
    const houston = (await call(t.app, 'GET', '/', { headers: { host: HOUSTON } })).text;
    expect(houston).not.toContain(`/ads/details/${id}"`);

    const deleted = await liveVip('Deletes its tour');
    expect((await put(deleted, [{ city: 'houston', from: day(0), to: day(1) }])).status).toBe(200);
    const del = await call(t.app, 'POST', '/api/post/delete', {
      headers: { session: owner.token },
      body: { postId: deleted },
    });
    expect(del.status, del.text).toBe(200);
    expect(await visitRows(deleted)).toEqual([]);
    expect((await adRow(t, deleted)).status).toBe('deleted');
  });

  it('keeps a visit under way when the whole list is sent back, and refuses a new one in the past', async () => {
    const id = await liveVip('On the road');
    expect((await put(id, [{ city: 'houston', from: day(0), to: day(3) }])).status).toBe(200);
    // A day later: the visit started yesterday.
    await t.database.pool.query(
      `UPDATE ad_visits SET starts_on = starts_on - 1, ends_on = ends_on - 1 WHERE ad_id = $1`,
      [id],
    );
    const underWay = { city: 'houston', from: day(-1), to: day(2) };
    const kept = await put(id, [underWay, { city: 'austin', from: day(4), to: day(5) }]);
    expect(kept.status, kept.text).toBe(200);
    expect((kept.json as VisitsResult).visits.map((v) => v.from)).toEqual([day(-1), day(4)]);
    // Not the stored visit (another city from the same day): in the past.
    expectFieldError(
      await put(id, [{ city: 'dallas', from: day(-1), to: day(1) }]),
      'visits.0.from',
      m.past,
    );
    expect(await visitRows(id)).toEqual([
      { city_slug: 'houston', starts_on: day(-1), ends_on: day(2) },
      { city_slug: 'austin', starts_on: day(4), ends_on: day(5) },
    ]);
  });

  it("another's ad: refused like every ad call", async () => {
    const id = await liveVip('Not yours');
    const other = await registerWithAuthenticator(t, 'visits-other@example.com', 'other pass 123');
    const res = await call(t.app, 'PUT', `/api/post/${id}/visits`, {
      headers: { session: other.token },
      body: { visits: [] },
    });
    expect(res.status).toBe(403);
  });
});
