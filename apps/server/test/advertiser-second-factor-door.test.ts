import { accountMessages, fillPath, sayIn, type EndpointSpec } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdAtAdvertiserDoor,
  secondFactorRequired,
} from '../src/modules/accounts/second-factors.js';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adForm, adRow, createAd } from './support/ads.js';
import { declarations } from './support/declarations.js';
import { paidAdWithMoney } from './support/moderation-fixtures.js';
import { addAuthenticator } from './support/second-factors.js';
import { storedState } from './support/stored-state.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const password = 'a long enough passphrase';
const door = sayIn('en', accountMessages.twoStep.advertiserDoor);

/** Every declared endpoint that posts, changes, pays for or deletes an ad. */
const adChanges = declarations().filter((spec) => spec.changesAds);

describe("the advertisers' second-factor door (issue 27): every brand ships 'paid-ads'", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const status = async (token: string) =>
    (await call(t.app, 'GET', '/api/user/status', { headers: { session: token } })).json as {
      secondFactor: boolean;
      secondFactorMissing: boolean;
    };

  /** The endpoint called as `token` for `adId`, with an empty body: the door answers first. */
  function callAs(spec: EndpointSpec, token: string, adId: string) {
    const url = fillPath(spec.path, {
      id: adId,
      postId: adId,
      product: 'paid',
      optionId: 'DAYS_30',
    });
    return call(t.app, spec.method, url, { headers: { session: token }, body: {} });
  }

  /** An advertiser whose VIP ad is paid (waiting for review), with a free draft besides. */
  async function payingAdvertiser(
    email: string,
  ): Promise<SignedIn & { paid: string; draft: string }> {
    const signedIn = await registerVerified(t.app, email, password);
    const draft = await createAd(t.app, { session: signedIn.token, type: 'free_verified' });
    expect((await status(signedIn.token)).secondFactorMissing).toBe(false);
    const { postId } = await paidAdWithMoney(t, signedIn.token);
    return { ...signedIn, paid: postId, draft: draft.postId };
  }

  it('declares the door on every endpoint that changes an ad, each able to answer 403', () => {
    expect(adChanges.map((spec) => `${spec.method} ${spec.path}`).sort()).toEqual(
      [
        'POST /api/posts',
        'PATCH /api/post',
        'POST /api/post/{id}/submit',
        'POST /api/post/delete',
        'POST /api/post/{id}/photos',
        'POST /photo/primary',
        'POST /photo/delete',
        'POST /photo/verification',
        'GET /payment/address/BTC/{postId}/{product}/{optionId}',
        'POST /api/post/{id}/renew',
        'POST /api/post/{id}/pause',
        'POST /api/post/{id}/resume',
        'POST /api/post/{id}/available',
        'DELETE /api/post/{id}/available',
        'PUT /api/post/{id}/visits',
        'POST /api/verify/phone',
        'POST /api/verify/phone-validate',
      ].sort(),
    );
    for (const spec of adChanges) expect(spec.errors).toContain('forbidden');
  });

  it('lets an account post and pay its first paid ad without a second factor', async () => {
    const { paid } = await payingAdvertiser('first.payment@example.com');
    expect(await adRow(t, paid)).toMatchObject({ paid: true });
  });

  it('holds an account with a paid ad at every ad change until it has a factor, and changes nothing', async () => {
    const owner = await payingAdvertiser('held.owner@example.com');
    expect(await status(owner.token)).toMatchObject({
      secondFactor: false,
      secondFactorMissing: true,
    });

    const before = await storedState(t);
    for (const spec of adChanges) {
      for (const adId of [owner.paid, owner.draft]) {
        const res = await callAs(spec, owner.token, adId);
        expect(res.status, `${spec.method} ${spec.path}`).toBe(403);
        expect(res.json).toEqual({ success: false, error: door, secondFactorRequired: true });
      }
    }
    expect(await storedState(t)).toBe(before);

    // What it reads, and its account's own doors, stay open.
    const list = await call(t.app, 'GET', '/api/posts', { headers: { session: owner.token } });
    expect(list.status).toBe(200);
    const ad = await call(t.app, 'GET', `/api/post/${owner.draft}`, {
      headers: { session: owner.token },
    });
    expect(ad.status).toBe(200);
    const factors = await call(t.app, 'GET', '/api/account/second-factors', {
      headers: { session: owner.token },
    });
    expect(factors.status).toBe(200);
    expect(factors.json).toMatchObject({ required: true, factors: [] });

    // With an authenticator app on, the same session changes its ads again.
    await addAuthenticator(t, owner.userId);
    expect(await status(owner.token)).toMatchObject({
      secondFactor: true,
      secondFactorMissing: false,
    });
    const saved = await call(t.app, 'PATCH', '/api/post', {
      headers: { session: owner.token },
      body: { ...adForm, post_id: owner.draft, title: 'Evening companion, newly saved' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await adRow(t, owner.draft)).toMatchObject({ title: 'Evening companion, newly saved' });
    const posted = await call(t.app, 'POST', '/api/posts', {
      headers: { session: owner.token },
      body: { ...adForm, type: 'free_verified' },
    });
    expect(posted.status, posted.text).toBe(200);
  });

  it('does not hold a poster without an account (the edit token): there is no factor to set up', async () => {
    const anonymous = await createAd(t.app, { email: 'no.account@example.com', type: 'paid' });
    const saved = await call(t.app, 'PATCH', '/api/post', {
      headers: { 'edit-token': anonymous.token },
      body: { ...adForm, post_id: anonymous.postId, title: 'Saved with the edit link' },
    });
    expect(saved.status, saved.text).toBe(200);
  });

  it("follows the site's rule: optional holds nobody, always holds an account without a paid ad", async () => {
    const fresh = await registerVerified(t.app, 'rule.fresh@example.com', password);
    const paying = await payingAdvertiser('rule.paying@example.com');
    const account = (who: SignedIn) => ({
      id: who.userId,
      email: '',
      siteId: 'local',
      role: 'advertiser',
      hasSecondFactor: false,
      language: null,
    });
    const db = t.database.db;
    const rule = (secondFactorForAdvertisers: 'optional' | 'paid-ads' | 'always') => ({
      secondFactorForAdvertisers,
    });

    expect(await secondFactorRequired(db, account(fresh), rule('optional'))).toBe(false);
    expect(await secondFactorRequired(db, account(paying), rule('optional'))).toBe(false);
    expect(await secondFactorRequired(db, account(fresh), rule('paid-ads'))).toBe(false);
    expect(await secondFactorRequired(db, account(paying), rule('paid-ads'))).toBe(true);
    expect(await secondFactorRequired(db, account(fresh), rule('always'))).toBe(true);
    const staff = { ...account(fresh), role: 'moderator' };
    expect(await secondFactorRequired(db, staff, rule('optional'))).toBe(true);

    await expect(holdAtAdvertiserDoor(db, account(fresh), rule('always'))).rejects.toThrow(door);
    await expect(
      holdAtAdvertiserDoor(db, account(paying), rule('optional')),
    ).resolves.toBeUndefined();
    await expect(
      holdAtAdvertiserDoor(db, { ...account(paying), hasSecondFactor: true }, rule('always')),
    ).resolves.toBeUndefined();
    await expect(holdAtAdvertiserDoor(db, null, rule('always'))).resolves.toBeUndefined();
  });
});
