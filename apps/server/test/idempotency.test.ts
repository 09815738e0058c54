import { createHash, randomUUID } from 'node:crypto';
import { type Photo, catalogueAreas, messagesOf } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdLifecycle } from '../src/modules/lifecycle/run-ad-lifecycle.js';
import { siteById } from '../src/modules/sites/site-by-id.js';
import { registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { adForm, countAds, createAd, credentials, expectErrorBody } from './support/ads.js';
import { readOutbox } from './support/outbox.js';
import { requestAddress } from './support/payments.js';
import { jpegFile, photoFiles, photoRows, uploadPhotos } from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const HOUR = 60 * 60 * 1000;

interface IdempotencyRow {
  scope: string;
  key_hash: string;
  request_hash: string;
  result: unknown;
  sealed: string | null;
  created_at: Date;
}

describe('Idempotency-Key: a repeated request answers the first one and does nothing twice', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, 'twice@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
  });

  /** POST /api/posts as an anonymous poster with its own email, with the key (if any). */
  function createWithKey(key: string | null, overrides: Record<string, unknown> = {}) {
    return call(t.app, 'POST', '/api/posts', {
      headers: key === null ? {} : { 'idempotency-key': key },
      body: { ...adForm, type: 'paid', email: 'anon.twice@example.com', ...overrides },
    });
  }

  async function keyRows(): Promise<IdempotencyRow[]> {
    const { rows } = await t.database.pool.query<IdempotencyRow>(
      'SELECT * FROM idempotency_keys ORDER BY created_at',
    );
    return rows;
  }

  const lookupHash = (key: string) =>
    createHash('sha256').update(`lookup:${key}`, 'utf8').digest('hex');

  describe('creating an ad', () => {
    it('makes one ad of two requests sent at once with the same key; both answer it', async () => {
      const key = randomUUID();
      const before = await countAds(t);
      const mailsBefore = (await readOutbox(t.app, 'anon.twice@example.com')).length;
      const [a, b] = await Promise.all([createWithKey(key), createWithKey(key)]);
      expect(a.status, a.text).toBe(200);
      expect(b.status, b.text).toBe(200);
      const first = a.json as { success: boolean; post_id: string; token: string };
      expect(first.success).toBe(true);
      expect(b.json).toEqual(first);
      expect(await countAds(t)).toBe(before + 1);
      // One ad, one mail with its links.
      expect((await readOutbox(t.app, 'anon.twice@example.com')).length).toBe(mailsBefore + 1);
      // The token answered is the ad's real edit token.
      const own = await call(t.app, 'GET', `/api/post/${first.post_id}`, {
        headers: credentials({ editToken: first.token }),
      });
      expect(own.status).toBe(200);
    });

    it('answers the same ad and token to a replay after completion, and creates nothing', async () => {
      const key = randomUUID();
      const first = await createWithKey(key);
      expect(first.status).toBe(200);
      const before = await countAds(t);
      const again = await createWithKey(key);
      expect(again.status).toBe(200);
      expect(again.json).toEqual(first.json);
      expect(await countAds(t)).toBe(before);
    });

    it('binds the key to the signed-in poster: the same key and body create one ad', async () => {
      const key = randomUUID();
      const body = { ...adForm, type: 'paid' };
      const send = () =>
        call(t.app, 'POST', '/api/posts', {
          headers: { session, 'idempotency-key': key },
          body,
        });
      const first = await send();
      const before = await countAds(t);
      const again = await send();
      expect(again.json).toEqual(first.json);
      expect(await countAds(t)).toBe(before);
      // Someone else (signed out) with the same key and body gets nothing of it.
      const other = await call(t.app, 'POST', '/api/posts', {
        headers: { 'idempotency-key': key },
        body: { ...body, email: 'anon.twice@example.com' },
      });
      expect(expectErrorBody(other, 409).error).toBe(answersEn.http.idempotencyKeyReused);
    });

    it('refuses the same key with another body (409) and creates nothing', async () => {
      const key = randomUUID();
      expect((await createWithKey(key)).status).toBe(200);
      const before = await countAds(t);
      const other = await createWithKey(key, { title: 'Another ad altogether' });
      expect(expectErrorBody(other, 409).error).toBe(answersEn.http.idempotencyKeyReused);
      expect(await countAds(t)).toBe(before);
    });

    it('keeps only hashes and the sealed token: no key and no edit token in plain', async () => {
      const key = randomUUID();
      const created = (await createWithKey(key)).json as { post_id: string; token: string };
      const rows = await keyRows();
      const row = rows.find((candidate) => candidate.key_hash === lookupHash(key));
      expect(row).toBeDefined();
      expect(row?.scope).toBe('create-ad');
      expect(row?.request_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.sealed).toEqual(expect.any(String));
      const everything = JSON.stringify(rows);
      expect(everything).not.toContain(created.token);
      expect(everything).not.toContain(key);
      // Nor any encoding of the token that a reader could turn back without the key.
      const tokenBytes = Buffer.from(created.token, 'base64url');
      for (const encoding of ['hex', 'base64', 'base64url'] as const) {
        expect(everything).not.toContain(tokenBytes.toString(encoding));
        expect(everything).not.toContain(Buffer.from(created.token).toString(encoding));
      }
    });

    it('works as before without the header, and refuses a malformed one', async () => {
      const before = await countAds(t);
      expect((await createWithKey(null)).status).toBe(200);
      expect((await createWithKey(null)).status).toBe(200);
      expect(await countAds(t)).toBe(before + 2);
      for (const bad of [
        'short',
        'x'.repeat(201),
        'has spaces in it',
        'semi;colon-key',
        'ключ-ключ',
      ]) {
        const res = await createWithKey(bad);
        expect(expectErrorBody(res, 400).error).toBe(answersEn.http.idempotencyKeyInvalid);
      }
      expect(await countAds(t)).toBe(before + 2);
    });
  });

  describe('uploading photos', () => {
    it('adds the photos of a repeated upload once and answers the current list', async () => {
      const ad = await createAd(t.app, { session, type: 'paid' });
      const who = credentials({ session });
      const file = await jpegFile('once.jpg', [10, 200, 30]);
      const key = randomUUID();
      const first = await uploadPhotos(t.app, ad.postId, [file], {
        ...who,
        'idempotency-key': key,
      });
      expect(first.status, first.text).toBe(200);
      const again = await uploadPhotos(t.app, ad.postId, [file], {
        ...who,
        'idempotency-key': key,
      });
      expect(again.status, again.text).toBe(200);
      expect(again.json).toEqual(first.json);
      expect(await photoRows(t, ad.postId)).toHaveLength(1);
      expect(await photoFiles(t)).toHaveLength(3);

      // Two at once with another key: one more photo, not two.
      const both = randomUUID();
      const [a, b] = await Promise.all([
        uploadPhotos(t.app, ad.postId, [file], { ...who, 'idempotency-key': both }),
        uploadPhotos(t.app, ad.postId, [file], { ...who, 'idempotency-key': both }),
      ]);
      expect(a.status, a.text).toBe(200);
      expect(b.status, b.text).toBe(200);
      expect((a.json as Photo[]).map((p) => p.photo_id)).toEqual(
        (b.json as Photo[]).map((p) => p.photo_id),
      );
      expect(await photoRows(t, ad.postId)).toHaveLength(2);
      // The files of the request that lost the race are not left behind.
      expect(await photoFiles(t)).toHaveLength(6);

      // Another photo with a used key is a different request.
      const other = await uploadPhotos(t.app, ad.postId, [await jpegFile('other.jpg', [1, 2, 3])], {
        ...who,
        'idempotency-key': key,
      });
      expect(expectErrorBody(other, 409).error).toBe(answersEn.http.idempotencyKeyReused);
      expect(await photoRows(t, ad.postId)).toHaveLength(2);
    });

    it('keeps asking who may change the ad before answering a replay', async () => {
      const ad = await createAd(t.app, { session, type: 'paid' });
      const key = randomUUID();
      const file = await jpegFile('mine.jpg');
      const mine = await uploadPhotos(t.app, ad.postId, [file], {
        ...credentials({ session }),
        'idempotency-key': key,
      });
      expect(mine.status).toBe(200);
      const stranger = await uploadPhotos(t.app, ad.postId, [file], { 'idempotency-key': key });
      expectErrorBody(stranger, 403);
    });
  });

  describe('payment addresses', () => {
    it('answers the same order to the same key, and never issues a second one', async () => {
      const ad = await createAd(t.app, { session, type: 'paid' });
      const key = randomUUID();
      const ask = () =>
        call(t.app, 'GET', `/payment/address/BTC/${ad.postId}/paid/DAYS_30`, {
          headers: { session, 'idempotency-key': key },
        });
      const [a, b] = await Promise.all([ask(), ask()]);
      expect(a.status, a.text).toBe(200);
      expect(b.json).toEqual(a.json);
      const again = await ask();
      expect(again.json).toEqual(a.json);
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM payment_orders WHERE ad_id = $1', [ad.postId]),
      ).toBe(1);

      // The same key for another option is another request.
      const other = await call(t.app, 'GET', `/payment/address/BTC/${ad.postId}/paid/DAYS_60`, {
        headers: { session, 'idempotency-key': key },
      });
      expect(expectErrorBody(other, 409).error).toBe(answersEn.http.idempotencyKeyReused);

      // A stranger holding the key learns nothing.
      const stranger = await call(t.app, 'GET', `/payment/address/BTC/${ad.postId}/paid/DAYS_30`, {
        headers: { 'idempotency-key': key },
      });
      expectErrorBody(stranger, 403);
      const bad = await call(t.app, 'GET', `/payment/address/BTC/${ad.postId}/paid/DAYS_30`, {
        headers: { session, 'idempotency-key': 'bad key!' },
      });
      expect(expectErrorBody(bad, 400).error).toBe(answersEn.http.idempotencyKeyInvalid);
      // Without a key it works as before.
      expect((await requestAddress(t, { session }, ad.postId, 'paid', 'DAYS_30')).json).toEqual(
        a.json,
      );
    });
  });

  describe('housekeeping', () => {
    it('keeps keys 24 hours: the lifecycle job deletes older ones', async () => {
      const key = randomUUID();
      expect((await createWithKey(key)).status).toBe(200);
      const sent = await sqlCount(t, 'SELECT count(*) AS n FROM idempotency_keys');
      expect(sent).toBeGreaterThan(0);
      const deps = { database: t.database, queue: t.queue, adChanges: t.adChanges, siteById };
      const soon = await runAdLifecycle(deps, new Date(Date.now() + 23 * HOUR));
      expect(soon.idempotencyKeysDeleted).toBe(0);
      expect(await sqlCount(t, 'SELECT count(*) AS n FROM idempotency_keys')).toBe(sent);

      await t.database.pool.query(
        "UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key_hash = $1",
        [lookupHash(key)],
      );
      const later = await runAdLifecycle(deps, new Date());
      expect(later.idempotencyKeysDeleted).toBe(1);
      expect(await sqlCount(t, 'SELECT count(*) AS n FROM idempotency_keys')).toBe(sent - 1);
      // The key is free again: it creates a new ad.
      const before = await countAds(t);
      expect((await createWithKey(key)).status).toBe(200);
      expect(await countAds(t)).toBe(before + 1);
    });
  });
});
