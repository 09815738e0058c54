import { randomBytes } from 'node:crypto';
import { adMessages, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import {
  adForm,
  adRow,
  adMailLinks,
  countAds,
  createAd,
  credentials,
  expectErrorBody,
  type CreatedAd,
} from './support/ads.js';
import { addVerificationPhoto, jpegFile } from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

type Who = { session?: string; editToken?: string };

describe('only the owner or the ad’s own edit token may read, change, submit or delete it', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    alice = await registerVerified(t.app, 'alice@example.com', 'a long enough passphrase');
    bob = await registerVerified(t.app, 'bob@example.com', 'another long passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (id: string, who: Who) =>
    call(t.app, 'GET', `/api/post/${id}`, { headers: credentials(who) });
  const update = (id: string, who: Who, changes: Record<string, unknown> = {}) =>
    call(t.app, 'PATCH', '/api/post', {
      headers: credentials(who),
      body: { ...adForm, post_id: id, title: 'Changed by someone', ...changes },
    });
  const submit = (id: string, who: Who) =>
    call(t.app, 'POST', `/api/post/${id}/submit`, { headers: credentials(who) });
  const remove = (id: string, who: Who) =>
    call(t.app, 'POST', '/api/post/delete', { headers: credentials(who), body: { postId: id } });

  const allCalls = async (id: string, who: Who) => [
    await read(id, who),
    await update(id, who),
    await submit(id, who),
    await remove(id, who),
  ];

  /** Every call answers `status` with `message`, and the ad is left exactly as it was. */
  async function refusedEverywhere(ad: CreatedAd, who: Who, status: number, message: string) {
    const before = await adRow(t, ad.postId);
    for (const res of await allCalls(ad.postId, who)) {
      expectErrorBody(res, status);
      expect(res.json).toEqual({ success: false, error: message });
    }
    expect(await adRow(t, ad.postId)).toEqual(before);
  }

  const forbidden = sayIn('en', adMessages.access.forbidden);
  const wrongToken = () => randomBytes(32).toString('base64url');

  it('refuses user B’s session with 403 on GET, PATCH, submit and delete of A’s ad', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    await refusedEverywhere(ad, { session: bob.token }, 403, forbidden);
  });

  it('refuses a wrong edit token with 403', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    await refusedEverywhere(ad, { editToken: wrongToken() }, 403, forbidden);
    // B's session plus a made-up token is no better.
    await refusedEverywhere(ad, { session: bob.token, editToken: wrongToken() }, 403, forbidden);
  });

  it('refuses another ad’s edit token with 403: a token opens only its own ad', async () => {
    const first = await createAd(t.app, { email: 'tokens@example.com' });
    const second = await createAd(t.app, { email: 'tokens@example.com' });
    await refusedEverywhere(second, { editToken: first.token }, 403, forbidden);
  });

  it('refuses an expired edit token with 403, while the owner’s session still works', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    await t.database.pool.query(
      `UPDATE ads SET edit_token_expires_at = now() - interval '1 minute' WHERE id = $1`,
      [ad.postId],
    );
    await refusedEverywhere(ad, { editToken: ad.token }, 403, forbidden);
    expect((await read(ad.postId, { session: alice.token })).status).toBe(200);
  });

  it('refuses a call without credentials with 403 ("none" is no token)', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    await refusedEverywhere(ad, {}, 403, forbidden);
    await refusedEverywhere(ad, { editToken: 'none', session: 'none' }, 403, forbidden);
  });

  it('refuses a session that is not one with 403', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    await refusedEverywhere(ad, { session: wrongToken() }, 403, forbidden);
  });

  it('answers 404 for an ad that does not exist, whoever asks', async () => {
    const missing = '999999999';
    for (const who of [{ session: alice.token }, { editToken: wrongToken() }, {}]) {
      for (const res of await allCalls(missing, who)) {
        expectErrorBody(res, 404);
        expect(res.json).toEqual({
          success: false,
          error: sayIn('en', adMessages.wizard.notFound),
        });
      }
    }
  });

  it('answers 404 for a deleted ad, even to its owner and its edit token', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    expect((await remove(ad.postId, { session: alice.token })).status).toBe(200);
    await refusedEverywhere(
      ad,
      { session: alice.token },
      404,
      sayIn('en', adMessages.wizard.notFound),
    );
    await refusedEverywhere(
      ad,
      { editToken: ad.token },
      404,
      sayIn('en', adMessages.wizard.notFound),
    );
    await refusedEverywhere(
      ad,
      { session: bob.token },
      404,
      sayIn('en', adMessages.wizard.notFound),
    );
  });

  it('lets the right edit token without a session read, change, submit and delete', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    const got = await read(ad.postId, { editToken: ad.token });
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ post_id: ad.postId, email: 'alice@example.com' });

    const changed = await update(ad.postId, { editToken: ad.token }, { title: 'Changed by link' });
    expect(changed.status).toBe(200);
    expect((await adRow(t, ad.postId)).title).toBe('Changed by link');

    await addVerificationPhoto(
      t.app,
      ad.postId,
      await jpegFile(),
      credentials({ editToken: ad.token }),
    );
    const submitted = await submit(ad.postId, { editToken: ad.token });
    expect(submitted.status).toBe(200);

    const deleted = await remove(ad.postId, { editToken: ad.token });
    expect(deleted.json).toEqual({ success: true });
    expect((await adRow(t, ad.postId)).status).toBe('deleted');
  });

  it('lets the edit link of an anonymous ad work, and no one else', async () => {
    const ad = await createAd(t.app, { email: 'anon-auth@example.com' });
    const { edit } = await adMailLinks(t.app, 'anon-auth@example.com');
    const linkToken = edit?.searchParams.get('edit') ?? '';
    expect(linkToken).toBe(ad.token);
    expect((await read(ad.postId, { editToken: linkToken })).status).toBe(200);
    await refusedEverywhere(ad, { session: alice.token }, 403, forbidden);
  });

  it('ignores owner, status, paid, expiry, approved and other server fields on create', async () => {
    const before = await countAds(t);
    const res = await call(t.app, 'POST', '/api/posts', {
      headers: { session: alice.token },
      body: {
        ...adForm,
        type: 'paid',
        owner: bob.userId,
        owner_id: bob.userId,
        ownerId: bob.userId,
        status: 'active',
        paid: true,
        expiry: '2099-01-01T00:00:00.000Z',
        expires_at: '2099-01-01T00:00:00.000Z',
        expiresAt: '2099-01-01T00:00:00.000Z',
        approved: true,
        product: 'DAYS_180',
        posted: '2020-01-01T00:00:00.000Z',
        flags: [],
        email_verified_at: '2020-01-01T00:00:00.000Z',
        phone_verified_at: '2020-01-01T00:00:00.000Z',
        verification: { verified_email: true, verified_phone: true },
        post_id: '1',
        id: 1,
        site_id: 'velvet',
      },
    });
    expect(res.status).toBe(200);
    expect(await countAds(t)).toBe(before + 1);
    const row = await adRow(t, (res.json as { post_id: string }).post_id);
    expect(row).toMatchObject({
      owner_id: alice.userId,
      status: 'payment_pending',
      paid: false,
      approved: false,
      expires_at: null,
      product: null,
      posted_at: null,
      phone_verified_at: null,
      site_id: 'local',
    });
    expect(Number(row.id)).toBeGreaterThan(100000);
  });

  it('ignores the same fields on update, and keeps the contact email', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    const res = await update(
      ad.postId,
      { session: alice.token },
      {
        owner: bob.userId,
        owner_id: bob.userId,
        status: 'active',
        paid: true,
        expiry: '2099-01-01T00:00:00.000Z',
        approved: true,
        product: 'DAYS_180',
        email: 'bob@example.com',
        verification: { verified_email: true, verified_phone: true },
      },
    );
    expect(res.status).toBe(200);
    expect(await adRow(t, ad.postId)).toMatchObject({
      owner_id: alice.userId,
      status: 'incomplete',
      paid: false,
      approved: false,
      expires_at: null,
      product: null,
      email: 'alice@example.com',
      phone_verified_at: null,
      title: 'Changed by someone',
    });
    const list = await call(t.app, 'GET', '/api/posts', { headers: { session: bob.token } });
    expect(list.json).toEqual([]);
  });

  it('refuses to change the type with 400 typeCannotChange; its own type is fine', async () => {
    const ad = await createAd(t.app, { session: alice.token, type: 'free_verified' });
    for (const type of ['paid', 'free', 'premium']) {
      const res = await update(
        ad.postId,
        { session: alice.token },
        { type, backlink: 'https://jade.example/' },
      );
      expectErrorBody(res, 400);
      expect(res.json).toEqual({
        success: false,
        error: sayIn('en', adMessages.form.typeCannotChange),
        fields: { type: sayIn('en', adMessages.form.typeCannotChange) },
      });
    }
    expect((await adRow(t, ad.postId)).type).toBe('free_verified');
    const same = await update(ad.postId, { session: alice.token }, { type: 'free_verified' });
    expect(same.status).toBe(200);
  });

  it('stores only a hash of the edit token and of the activation token', async () => {
    const ad = await createAd(t.app, { email: 'hashes@example.com' });
    const { activation } = await adMailLinks(t.app, 'hashes@example.com');
    const activationToken = activation.searchParams.get('token') ?? '';
    expect(activationToken.length).toBeGreaterThan(30);
    const row = await adRow(t, ad.postId);
    for (const value of Object.values(row)) {
      expect(value).not.toBe(ad.token);
      expect(value).not.toBe(activationToken);
    }
    const all = await t.database.pool.query<{ j: string }>(
      'SELECT row_to_json(ads)::text AS j FROM ads',
    );
    for (const { j } of all.rows) {
      expect(j).not.toContain(ad.token);
      expect(j).not.toContain(activationToken);
    }
    expect(row.edit_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
