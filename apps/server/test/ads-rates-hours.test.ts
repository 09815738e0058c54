import {
  consoleMessages,
  type Ad,
  type AdReview,
  catalogueAreas,
  messagesOf,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adForm, adRow, createAd, expectFieldError, postAd } from './support/ads.js';
import { publishThroughReview, signedInWithRole } from './support/moderation.js';
import { as } from './support/moderation-fixtures.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const m = messagesOf(catalogueAreas.ads, 'en').rates;
const VEGAS = 'las-vegas.localhost:3000';

const rates = [
  { duration: 'overnight', place: 'outcall', amount: 1500 },
  { duration: '1h', place: 'incall', amount: 250.5 },
];
const hours = { mon: { from: '10:00', to: '22:00' }, fri: 'appointment' };
const week = {
  mon: { from: '10:00', to: '22:00' },
  tue: 'closed',
  wed: 'closed',
  thu: 'closed',
  fri: 'appointment',
  sat: 'closed',
  sun: 'closed',
};

/*
 * Issue 29, rates and hours: part of the ad's body and of GET /api/post/{id}, checked
 * by the shared schemas (a bad value is a 400 with the catalogue message and stores
 * nothing), content like the text (a live ad's edit of them waits for review), and
 * shown on the public page once public.
 */
describe("an ad's rates and weekly hours", () => {
  let t: TestApp;
  let owner: SignedIn;
  let moderator: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'rates-owner@example.com', 'a long enough passphrase');
    moderator = await signedInWithRole(t, 'rates-mod@example.com', 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const getAd = async (id: string): Promise<Ad> => {
    const res = await call(t.app, 'GET', `/api/post/${id}`, { headers: { session: owner.token } });
    expect(res.status, res.text).toBe(200);
    return res.json as Ad;
  };
  const publicPage = async (id: string) =>
    call(t.app, 'GET', `/ads/details/${id}`, { headers: { host: VEGAS } });
  const edit = (id: string, body: Record<string, unknown>) =>
    call(t.app, 'PATCH', '/api/post', {
      headers: { session: owner.token },
      body: { ...adForm, post_id: id, ...body },
    });

  it('keeps them as sent (rates in order, every day said) and answers them with the ad', async () => {
    const { postId } = await createAd(t.app, {
      session: owner.token,
      overrides: { rates, hours },
    });
    const ad = await getAd(postId);
    expect(ad.rates).toEqual([rates[1], rates[0]]);
    expect(ad.hours).toEqual(week);
    // An edit that leaves them out keeps them; [] and null remove them.
    expect((await edit(postId, { title: 'Evening companion, edited' })).status).toBe(200);
    expect((await getAd(postId)).rates).toHaveLength(2);
    expect((await edit(postId, { rates: [], hours: null })).status).toBe(200);
    const cleared = await getAd(postId);
    expect([cleared.rates, cleared.hours]).toEqual([[], null]);
  });

  it('stores no hours for a week closed every day', async () => {
    const { postId } = await createAd(t.app, {
      session: owner.token,
      overrides: { hours: { mon: 'closed' } },
    });
    expect((await getAd(postId)).hours).toBeNull();
  });

  it.each([
    [
      'an amount of zero',
      { rates: [{ duration: '1h', place: 'incall', amount: 0 }] },
      'rates.0.amount',
      m.amountPositive,
    ],
    [
      'three decimals',
      { rates: [{ duration: '1h', place: 'incall', amount: 9.999 }] },
      'rates.0.amount',
      m.amountCents,
    ],
    [
      'a duration not in the list',
      { rates: [{ duration: '90m', place: 'incall', amount: 9 }] },
      'rates.0.duration',
      m.duration,
    ],
    [
      'hours that end before they start',
      { hours: { tue: { from: '18:00', to: '09:00' } } },
      'hours.tue.to',
      m.endsBeforeStart,
    ],
    [
      'a time that is not HH:MM',
      { hours: { tue: { from: '9am', to: '17:00' } } },
      'hours.tue.from',
      m.time,
    ],
  ])(
    'refuses %s with a 400 and the catalogue message, storing nothing',
    async (_, body, field, message) => {
      const before = await t.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM ads');
      expectFieldError(
        await postAd(t.app, { session: owner.token, overrides: body }),
        field,
        message,
      );
      const after = await t.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM ads');
      expect(after.rows[0]?.n).toBe(before.rows[0]?.n);

      const { postId } = await createAd(t.app, { session: owner.token, overrides: { rates } });
      expectFieldError(await edit(postId, body), field, message);
      expect((await adRow(t, postId)).rates).toEqual([rates[1], rates[0]]);
    },
  );

  it("shows them on the public page; a live ad's edit of them waits for a moderator", async () => {
    const { postId } = await createAd(t.app, {
      session: owner.token,
      overrides: { rates, hours },
    });
    await publishThroughReview(t, postId, { owner, moderator });
    const page = await publicPage(postId);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<caption>Rates</caption>');
    expect(page.text).toContain('<td>250.50 USD</td>');
    expect(page.text).toContain('<th scope="row">Monday</th><td>10:00\u201322:00</td>');

    const changed = await edit(postId, {
      rates: [{ duration: '1h', place: 'incall', amount: 300 }],
      hours: null,
    });
    expect(changed.status, changed.text).toBe(200);
    expect((changed.json as { awaitingReview?: boolean }).awaitingReview).toBe(true);
    // The public page keeps the approved rates until a moderator approves the edit.
    expect((await publicPage(postId)).text).toContain('<td>250.50 USD</td>');
    const review = (await call(t.app, 'GET', `/api/admin/posts/${postId}`, as(moderator.token)))
      .json as AdReview;
    const labels = consoleMessages.review.facts;
    expect(review.revision?.changes.map((c) => c.field)).toEqual([labels.rates, labels.hours]);
    expect(review.revision?.changes[0]?.after).toBe('1 hour, Incall: 300.00');

    const approved = await call(
      t.app,
      'POST',
      `/api/admin/posts/${postId}/approve`,
      as(moderator.token),
    );
    expect(approved.status, approved.text).toBe(200);
    const after = (await publicPage(postId)).text;
    expect(after).toContain('<td>300.00 USD</td>');
    expect(after).not.toContain('<caption>Hours</caption>');
  });
});
