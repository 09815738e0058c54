import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { createAd, expectErrorBody } from './support/ads.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('POST /api/event: analytics events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const events = () => sqlCount(t, 'SELECT count(*) AS n FROM analytics_events');

  it('stores a valid event with its ad, the signed-in user and the site', async () => {
    const user = await registerVerified(t.app, 'events@example.com', 'a long enough passphrase');
    const ad = await createAd(t.app, { session: user.token, type: 'paid' });
    const res = await call(t.app, 'POST', '/api/event', {
      headers: { session: user.token },
      body: { event: 'payment_complete', postId: ad.postId, data: { status: 'complete', n: 1 } },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    const { rows } = await t.database.pool.query(
      `SELECT name, ad_id, user_id, site_id, data FROM analytics_events WHERE name = 'payment_complete'`,
    );
    expect(rows).toEqual([
      {
        name: 'payment_complete',
        ad_id: ad.postId,
        user_id: user.userId,
        site_id: 'local',
        data: { status: 'complete', n: 1 },
      },
    ]);
  });

  it('stores an anonymous event without a user', async () => {
    const res = await call(t.app, 'POST', '/api/event', { body: { event: 'wizard_opened' } });
    expect(res.status).toBe(200);
    const { rows } = await t.database.pool.query(
      `SELECT ad_id, user_id, data FROM analytics_events WHERE name = 'wizard_opened'`,
    );
    expect(rows).toEqual([{ ad_id: null, user_id: null, data: {} }]);
  });

  it.each([
    ['a name with spaces and punctuation', { event: 'Bad Name!' }],
    ['an upper-case name', { event: 'Payment' }],
    ['an empty name', { event: '' }],
    ['no name', {}],
    ['a name over 64 characters', { event: `e${'x'.repeat(64)}` }],
    ['a post id that is not one', { event: 'ok_event', postId: 'abc' }],
    ['nested data', { event: 'ok_event', data: { nested: { a: 1 } } }],
    ['a long data value', { event: 'ok_event', data: { a: 'x'.repeat(201) } }],
    ['a list', ['payment_complete']],
  ])('refuses %s with 400 and stores nothing', async (_label, body) => {
    const before = await events();
    expectErrorBody(await call(t.app, 'POST', '/api/event', { body }), 400);
    expect(await events()).toBe(before);
  });
});
