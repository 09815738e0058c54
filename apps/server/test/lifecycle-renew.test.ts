import { adMessages, lifecycle, lifecycleMessages, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  limiterWith,
  registerVerified,
  relaxedLimiter,
  type SignedIn,
} from './support/accounts.js';
import { adRow, createAd, credentials, expectErrorBody } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

type Who = { session?: string; editToken?: string };

const DAY_MS = 86_400_000;

describe('POST /api/post/{id}/renew', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'renew-owner@example.com', 'a long enough passphrase');
    stranger = await registerVerified(t.app, 'renew-other@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  const renew = (id: string, who: Who = { session: owner.token }) =>
    call(t.app, 'POST', `/api/post/${id}/renew`, { headers: credentials(who) });
  const setStatus = (id: string, status: string) =>
    t.database.pool.query('UPDATE ads SET status = $2 WHERE id = $1', [id, status]);

  async function publicAd(type: 'free_verified' | 'paid' = 'free_verified'): Promise<string> {
    const ad = await createAd(t.app, { session: owner.token, type });
    await makeAdPublic(t, ad.postId);
    return ad.postId;
  }

  it('keeps a live free ad public and runs it 30 days from now, without a new review', async () => {
    const id = await publicAd();
    await makeAdPublic(t, id, { expiresInDays: 3 });
    const before = await adRow(t, id);
    const res = await renew(id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, status: 'active' });
    const row = await adRow(t, id);
    expect(row).toMatchObject({ status: 'active', approved: true });
    expect(
      Math.abs((row.expires_at as Date).getTime() - (Date.now() + lifecycle.freeAdDays * DAY_MS)),
    ).toBeLessThan(60_000);
    // Not sent back to review: the queue's submission time and the posting time stay.
    expect(row.submitted_at).toEqual(before.submitted_at);
    expect(row.posted_at).toEqual(before.posted_at);
  });

  it('renews an expired free ad for free: back to review', async () => {
    const id = await publicAd();
    await makeAdPublic(t, id, { expiresInDays: -2 });
    await setStatus(id, 'expired');
    const res = await renew(id);
    expect(res.json).toEqual({ success: true, status: 'pending' });
    expect(await adRow(t, id)).toMatchObject({ status: 'pending' });
  });

  it('renews a free ad of the free-with-link type too', async () => {
    const id = await publicAd();
    await t.database.pool.query("UPDATE ads SET type = 'free' WHERE id = $1", [id]);
    const res = await renew(id);
    expect(res.json).toEqual({ success: true, status: 'active' });
    expect(await adRow(t, id)).toMatchObject({ status: 'active', approved: true });
  });

  it('accepts the edit token of an ad posted without an account', async () => {
    const ad = await createAd(t.app, { email: 'renew-anonymous@example.com' });
    await makeAdPublic(t, ad.postId);
    const res = await renew(ad.postId, { editToken: ad.token });
    expect(res.json).toEqual({ success: true, status: 'active' });
    expect(await adRow(t, ad.postId)).toMatchObject({ status: 'active' });
  });

  it('refuses a free ad that is not approved or expired with 409', async () => {
    for (const status of ['incomplete', 'pending', 'rejected']) {
      const id = await publicAd();
      await setStatus(id, status);
      const body = expectErrorBody(await renew(id), 409);
      expect(body.error).toBe(sayIn('en', lifecycleMessages.renewNotAllowed));
      expect(await adRow(t, id)).toMatchObject({ status });
    }
  });

  it('refuses a paid ad with 409: it renews by paying for a new period', async () => {
    for (const status of ['active', 'expired']) {
      const id = await publicAd('paid');
      await setStatus(id, status);
      const body = expectErrorBody(await renew(id), 409);
      expect(body.error).toBe(sayIn('en', lifecycleMessages.renewPaidThroughPayment));
      expect(await adRow(t, id)).toMatchObject({ status });
    }
  });

  it("refuses someone else's ad with 403, as the other ad calls do", async () => {
    const id = await publicAd();
    for (const who of [{ session: stranger.token }, {}, { editToken: 'x'.repeat(43) }]) {
      const body = expectErrorBody(await renew(id, who), 403);
      expect(body.error).toBe(sayIn('en', adMessages.access.forbidden));
    }
    expect(await adRow(t, id)).toMatchObject({ status: 'active' });
  });

  it('answers 404 for a deleted ad, even to its owner, and for an unknown one', async () => {
    const id = await publicAd();
    const deleted = await call(t.app, 'POST', '/api/post/delete', {
      headers: { session: owner.token },
      body: { postId: id },
    });
    expect(deleted.status).toBe(200);
    expect(expectErrorBody(await renew(id), 404).error).toBe(
      sayIn('en', adMessages.wizard.notFound),
    );
    expectErrorBody(await renew('999999999'), 404);
  });
});

describe('renewal rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      limiter: limiterWith({
        adEdit: { ip: { max: 2, windowMs: 60_000 }, account: { max: 2, windowMs: 60_000 } },
      }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 past the adEdit limit of the address', async () => {
    const ad = await createAd(t.app, { email: 'renew-limit@example.com' });
    const renew = () =>
      call(t.app, 'POST', `/api/post/${ad.postId}/renew`, {
        headers: credentials({ editToken: ad.token }),
      });
    await renew();
    await renew();
    const res = await renew();
    expectErrorBody(res, 429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
