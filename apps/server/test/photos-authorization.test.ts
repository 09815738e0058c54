import { randomBytes, randomUUID } from 'node:crypto';
import { adMessages, photoMessages, type Photo, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adRow, createAd, credentials, expectErrorBody, type CreatedAd } from './support/ads.js';
import {
  addPhotos,
  changePhoto,
  jpegFile,
  oversizeJpeg,
  photoFiles,
  photoRows,
  uploadPhotos,
} from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

type Who = { session?: string; editToken?: string };

describe('only the owner or the ad’s own edit token may add, reorder or delete its photos', () => {
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

  /** Alice's free verified ad with two photos. */
  async function aliceAd(): Promise<{ ad: CreatedAd; photos: Photo[] }> {
    const ad = await createAd(t.app, { session: alice.token });
    const photos = await addPhotos(
      t.app,
      ad.postId,
      [await jpegFile('one.jpg', [10, 20, 30]), await jpegFile('two.jpg', [200, 20, 30])],
      credentials({ session: alice.token }),
    );
    return { ad, photos };
  }

  /** Every photo call answers `status` with `message`; the ad, its photos and files stay as they were. */
  async function refusedEverywhere(
    ad: CreatedAd,
    photos: Photo[],
    who: Who,
    status: number,
    message: string,
  ): Promise<void> {
    const rowBefore = await adRow(t, ad.postId);
    const rowsBefore = await photoRows(t, ad.postId);
    const filesBefore = await photoFiles(t);
    const second = photos[1]?.photo_id ?? '';
    const answers = [
      await uploadPhotos(t.app, ad.postId, [await jpegFile('intruder.jpg')], credentials(who)),
      await changePhoto(t.app, 'primary', ad.postId, second, credentials(who)),
      await changePhoto(t.app, 'verification', ad.postId, second, credentials(who)),
      await changePhoto(t.app, 'delete', ad.postId, second, credentials(who)),
    ];
    for (const res of answers) {
      expectErrorBody(res, status);
      expect(res.json).toEqual({ success: false, error: message });
    }
    expect(await adRow(t, ad.postId)).toEqual(rowBefore);
    expect(await photoRows(t, ad.postId)).toEqual(rowsBefore);
    expect(await photoFiles(t)).toEqual(filesBefore);
  }

  const forbidden = sayIn('en', adMessages.access.forbidden);
  const wrongToken = () => randomBytes(32).toString('base64url');

  it('refuses user B’s session with 403', async () => {
    const { ad, photos } = await aliceAd();
    await refusedEverywhere(ad, photos, { session: bob.token }, 403, forbidden);
  });

  it('refuses a wrong edit token with 403, with or without user B’s session', async () => {
    const { ad, photos } = await aliceAd();
    await refusedEverywhere(ad, photos, { editToken: wrongToken() }, 403, forbidden);
    await refusedEverywhere(
      ad,
      photos,
      { session: bob.token, editToken: wrongToken() },
      403,
      forbidden,
    );
  });

  it('refuses another ad’s edit token, and no credentials at all, with 403', async () => {
    const { ad, photos } = await aliceAd();
    const other = await createAd(t.app, { session: bob.token });
    await refusedEverywhere(ad, photos, { editToken: other.token }, 403, forbidden);
    await refusedEverywhere(ad, photos, {}, 403, forbidden);
    await refusedEverywhere(ad, photos, { editToken: 'none' }, 403, forbidden);
  });

  it('refuses B before reading the upload: B’s bad or oversized file is a 403', async () => {
    const { ad } = await aliceAd();
    for (const file of [
      { name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('not an image') },
      await oversizeJpeg(),
    ]) {
      const res = await uploadPhotos(t.app, ad.postId, [file], credentials({ session: bob.token }));
      expectErrorBody(res, 403);
      expect(res.json).toEqual({ success: false, error: forbidden });
    }
  });

  it('answers 404 for a photo of another ad, even of the same owner, and changes nothing', async () => {
    const { ad, photos } = await aliceAd();
    const other = await aliceAd();
    const bobs = await createAd(t.app, { session: bob.token });
    const rowsBefore = await photoRows(t);
    const foreign = other.photos[1]?.photo_id ?? '';
    for (const change of ['primary', 'verification', 'delete'] as const) {
      const res = await changePhoto(
        t.app,
        change,
        ad.postId,
        foreign,
        credentials({ session: alice.token }),
      );
      expectErrorBody(res, 404);
      expect(res.json).toEqual({ success: false, error: sayIn('en', photoMessages.notFound) });
      // Bob's own ad with Alice's photo id: not his photo either.
      const bobTries = await changePhoto(
        t.app,
        change,
        bobs.postId,
        photos[0]?.photo_id ?? '',
        credentials({ session: bob.token }),
      );
      expectErrorBody(bobTries, 404);
      const unknown = await changePhoto(
        t.app,
        change,
        ad.postId,
        randomUUID(),
        credentials({ editToken: ad.token }),
      );
      expectErrorBody(unknown, 404);
    }
    expect(await photoRows(t)).toEqual(rowsBefore);
  });

  it('answers 404 for an ad that does not exist or was deleted, and 400 for a malformed photo id', async () => {
    const { ad, photos } = await aliceAd();
    const missing = await uploadPhotos(
      t.app,
      '999999999',
      [await jpegFile()],
      credentials({ session: alice.token }),
    );
    expectErrorBody(missing, 404);
    expect(missing.json).toEqual({
      success: false,
      error: sayIn('en', adMessages.wizard.notFound),
    });

    const malformed = await call(t.app, 'POST', '/photo/primary', {
      headers: credentials({ session: alice.token }),
      body: { postId: ad.postId, photoId: '../../etc/passwd' },
    });
    expectErrorBody(malformed, 400);

    const removed = await call(t.app, 'POST', '/api/post/delete', {
      headers: credentials({ session: alice.token }),
      body: { postId: ad.postId },
    });
    expect(removed.status).toBe(200);
    await refusedEverywhere(
      ad,
      photos,
      { session: alice.token },
      404,
      sayIn('en', adMessages.wizard.notFound),
    );
  });

  it('lets the ad’s own edit token, without a session, upload, reorder and delete', async () => {
    const ad = await createAd(t.app, { email: 'anon-photos@example.com' });
    const byToken = credentials({ editToken: ad.token });
    const list = await addPhotos(
      t.app,
      ad.postId,
      [await jpegFile('a.jpg'), await jpegFile('b.jpg')],
      byToken,
    );
    expect(list).toHaveLength(2);
    const second = list[1]?.photo_id ?? '';
    const primary = await changePhoto(t.app, 'primary', ad.postId, second, byToken);
    expect(primary.status).toBe(200);
    expect((primary.json as Photo[]).map((p) => p.primary)).toEqual([false, true]);
    const deleted = await changePhoto(t.app, 'delete', ad.postId, second, byToken);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual([{ ...list[0], primary: true }]);
  });
});
