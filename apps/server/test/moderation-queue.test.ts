import type { Dashboard, QueuePage } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { createAd } from './support/ads.js';
import { makeAdPublic, signedInWithRole } from './support/moderation.js';
import { as, insertReport, pendingAd } from './support/moderation-fixtures.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const HOUR = 3600;

describe('the review queue keeps the promises made to advertisers and visitors', () => {
  let t: TestApp;
  let advertiser: string;
  let moderator: string;
  const names = [
    'free',
    'verified',
    'overdue',
    'paid',
    'austin',
    'scam',
    'underage',
    'deleted',
    'dismissed',
    'incomplete',
  ] as const;
  const ids = Object.fromEntries(names.map((n) => [n, ''])) as Record<
    (typeof names)[number],
    string
  >;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    advertiser = (await registerWithAuthenticator(t, 'adv@example.com', 'a long enough passphrase'))
      .token;
    moderator = (await signedInWithRole(t, 'mod@example.com', 'moderator')).token;

    ids.free = await pendingAd(t, advertiser, { type: 'free', submittedHoursAgo: 100 });
    ids.verified = await pendingAd(t, advertiser, { submittedHoursAgo: 40 });
    ids.overdue = await pendingAd(t, advertiser, { submittedHoursAgo: 200 });
    ids.paid = await pendingAd(t, advertiser, { type: 'paid', submittedHoursAgo: 1 });
    ids.austin = await pendingAd(t, advertiser, {
      submittedHoursAgo: 10,
      overrides: { city: 'austin' },
      siteId: 'velvet',
    });

    ids.scam = (await createAd(t.app, { session: advertiser })).postId;
    await makeAdPublic(t, ids.scam);
    await insertReport(t, ids.scam, 'scam', { hoursAgo: 2 });
    await insertReport(t, ids.scam, 'other', { hoursAgo: 30 });

    ids.underage = (await createAd(t.app, { session: advertiser })).postId;
    await makeAdPublic(t, ids.underage);
    await insertReport(t, ids.underage, 'underage', { hoursAgo: 0.5 });

    // Not waiting for anyone: a deleted ad with a report, a report already dismissed,
    // an ad not yet submitted.
    ids.deleted = (await createAd(t.app, { session: advertiser })).postId;
    await insertReport(t, ids.deleted, 'trafficking');
    await t.database.pool.query(
      "UPDATE ads SET status = 'deleted', deleted_at = now() WHERE id = $1",
      [ids.deleted],
    );
    ids.dismissed = (await createAd(t.app, { session: advertiser })).postId;
    await makeAdPublic(t, ids.dismissed);
    const old = await insertReport(t, ids.dismissed, 'trafficking');
    await t.database.pool.query(
      "UPDATE ad_reports SET resolved_at = now(), resolution = 'dismissed' WHERE id = $1",
      [old],
    );
    ids.incomplete = (await createAd(t.app, { session: advertiser })).postId;
  });
  afterAll(async () => {
    await t.close();
  });

  const queue = async (query = '') => {
    const res = await call(t.app, 'GET', `/api/admin/queue${query}`, as(moderator));
    expect(res.status, res.text).toBe(200);
    return res.json as QueuePage;
  };

  it('puts urgent reports first, then paid reviews, then the rest by deadline', async () => {
    const page = await queue();
    expect(page.items.map((i) => i.postId)).toEqual([
      ids.underage,
      ids.paid,
      ids.overdue,
      ids.verified,
      ids.scam,
      ids.austin,
      ids.free,
    ]);
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 50 });
    // The site filter's choices (issue 16).
    expect(page.sites.map((site) => site.id)).toEqual(['local', 'velvet', 'nightlist', 'network']);

    const byId = new Map(page.items.map((i) => [i.postId, i]));
    expect(byId.get(ids.underage)).toMatchObject({
      kind: 'report',
      status: 'active',
      openReports: 1,
      topReport: 'underage',
    });
    // The scam report's promise (24 h) runs out before the older 'other' one's (72 h).
    expect(byId.get(ids.scam)).toMatchObject({ kind: 'report', openReports: 2, topReport: 'scam' });
    expect(byId.get(ids.scam)?.secondsLeft).toBeGreaterThan(22 * HOUR - 120);
    expect(byId.get(ids.scam)?.secondsLeft).toBeLessThanOrEqual(22 * HOUR);
    expect(byId.get(ids.paid)).toMatchObject({ kind: 'review', type: 'paid', paid: true });
    // Verified ads are promised 48 hours, free ads about a week.
    expect(byId.get(ids.verified)?.secondsLeft).toBeGreaterThan(8 * HOUR - 120);
    expect(byId.get(ids.verified)?.secondsLeft).toBeLessThanOrEqual(8 * HOUR);
    expect(byId.get(ids.overdue)?.secondsLeft).toBeLessThan(-150 * HOUR);
    expect(byId.get(ids.free)?.secondsLeft).toBeGreaterThan(68 * HOUR - 120);
    const free = byId.get(ids.free);
    expect(free).toMatchObject({
      kind: 'review',
      type: 'free',
      city: 'las-vegas',
      cityName: 'Las Vegas',
      siteId: 'local',
      openReports: 0,
      topReport: null,
    });
    expect(
      new Date(free?.deadline ?? '').getTime() - new Date(free?.submittedAt ?? '').getTime(),
    ).toBe(7 * 24 * HOUR * 1000);
  });

  it('filters by site, city and type', async () => {
    expect((await queue('?type=free')).items.map((i) => i.postId)).toEqual([ids.free]);
    expect((await queue('?city=austin')).items.map((i) => i.postId)).toEqual([ids.austin]);
    expect((await queue('?site=velvet')).items.map((i) => i.postId)).toEqual([ids.austin]);
    const local = await queue('?site=local&type=free_verified');
    expect(local.items.map((i) => i.postId)).toEqual([
      ids.underage,
      ids.overdue,
      ids.verified,
      ids.scam,
    ]);
    const past = await queue('?page=2');
    expect(past).toMatchObject({ items: [], total: 7, page: 2 });
  });

  it('counts the work on the dashboard', async () => {
    const before = await call(t.app, 'GET', '/api/admin/dashboard', as(moderator));
    expect(before.status).toBe(200);
    const overdueSince = new Date(Date.now() - 200 * HOUR * 1000).getTime();
    const board = before.json as Dashboard;
    expect(board).toMatchObject({
      waiting: 5,
      overdue: 1,
      approvedToday: 0,
      rejectedToday: 0,
      openReports: 3,
      urgentReports: 1,
      refundsToSend: 0,
    });
    expect(Math.abs(new Date(board.oldestSubmittedAt ?? '').getTime() - overdueSince)).toBeLessThan(
      60_000,
    );

    await call(t.app, 'POST', `/api/admin/posts/${ids.overdue}/approve`, as(moderator));
    await call(t.app, 'POST', `/api/admin/posts/${ids.free}/reject`, {
      ...as(moderator),
      body: { code: 'backlink_missing', reason: 'No link to us on your page.' },
    });
    const after = (await call(t.app, 'GET', '/api/admin/dashboard', as(moderator)))
      .json as Dashboard;
    expect(after).toMatchObject({ waiting: 3, overdue: 0, approvedToday: 1, rejectedToday: 1 });
    expect((await queue()).items.map((i) => i.postId)).not.toContain(ids.overdue);
  });

  it('moves an ad under review to the top when it gets an urgent report', async () => {
    await insertReport(t, ids.verified, 'trafficking');
    // Behind only the older urgent report (due in half an hour), ahead of the paid review.
    const [top, first] = (await queue()).items;
    expect(top?.postId).toBe(ids.underage);
    expect(first).toMatchObject({
      postId: ids.verified,
      kind: 'review',
      status: 'pending',
      openReports: 1,
      topReport: 'trafficking',
    });
    // The report's promise (1 hour) comes before the review's.
    expect(first?.secondsLeft).toBeLessThanOrEqual(HOUR);
    expect(first?.secondsLeft).toBeGreaterThan(HOUR - 120);
  });
});
