import type { Dashboard, QueuePage } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { makeAdPublic, signedInWithRole } from './support/moderation.js';
import { as, insertReport, pendingAd } from './support/moderation-fixtures.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 24: the dashboard said 'Waiting for review 1' beside '2 ads in the queue'. Both
 * count from one rule (the view ads_in_moderation_queue): the dashboard's 'In the queue'
 * is the queue's total, and its parts are the queue's own items.
 */
describe("the dashboard's counts are the queue's", () => {
  let t: TestApp;
  let moderator: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    const advertiser = (await registerVerified(t.app, 'count@example.com', 'a long passphrase'))
      .token;
    const banned = await registerVerified(t.app, 'banned.count@example.com', 'a long passphrase');
    moderator = (await signedInWithRole(t, 'count.mod@example.com', 'moderator')).token;

    // One ad in review, one live ad with two open reports: two ads in the queue.
    await pendingAd(t, advertiser, { submittedHoursAgo: 3 });
    const reported = (await createAd(t.app, { session: advertiser })).postId;
    await makeAdPublic(t, reported);
    await insertReport(t, reported, 'scam');
    await insertReport(t, reported, 'underage');
    // A banned owner's ads wait for nobody: neither its review nor its report counts.
    await pendingAd(t, banned.token, { submittedHoursAgo: 5 });
    const bannedLive = (await createAd(t.app, { session: banned.token })).postId;
    await makeAdPublic(t, bannedLive);
    await insertReport(t, bannedLive, 'scam');
    await t.database.pool.query('UPDATE users SET banned_at = now() WHERE id = $1', [
      banned.userId,
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it("says as many ads in the queue as the queue lists, and counts the parts of the queue's items", async () => {
    const queue = (await call(t.app, 'GET', '/api/admin/queue', as(moderator))).json as QueuePage;
    const board = (await call(t.app, 'GET', '/api/admin/dashboard', as(moderator)))
      .json as Dashboard;
    expect(queue.total).toBe(2);
    expect(board.queued).toBe(queue.total);
    expect(board.waiting).toBe(queue.items.filter((i) => i.kind !== 'report').length);
    expect(board.openReports).toBe(queue.items.reduce((sum, i) => sum + i.openReports, 0));
    expect(board.urgentReports).toBe(1);
  });
});
