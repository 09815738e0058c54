import { photoMessages, type Photo, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd, credentials, expectErrorBody } from './support/ads.js';
import {
  addPhotos,
  addVerificationPhoto,
  changePhoto,
  jpegFile,
  photoFiles,
  photoRows,
  type UploadFile,
} from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('the primary photo, the verification photo and the order', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'order@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  const asOwner = () => credentials({ session: owner.token });
  const files = async (n: number): Promise<UploadFile[]> => {
    const list: UploadFile[] = [];
    for (let i = 0; i < n; i++) list.push(await jpegFile(`${i}.jpg`, [i * 40, 90, 200 - i * 40]));
    return list;
  };
  const ids = (list: Photo[]) => list.map((p) => p.photo_id);
  const primaries = (list: Photo[]) => list.filter((p) => p.primary).map((p) => p.photo_id);
  const verifications = (list: Photo[]) =>
    list.filter((p) => p.verification).map((p) => p.photo_id);

  async function change(
    kind: 'primary' | 'delete' | 'verification',
    adId: string,
    photoId: string,
  ): Promise<Photo[]> {
    const res = await changePhoto(t.app, kind, adId, photoId, asOwner());
    expect(res.status, res.text).toBe(200);
    return res.json as Photo[];
  }

  it('makes the first photo primary, keeps the upload order, and adds later uploads at the end', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'paid' });
    const first = await addPhotos(t.app, ad.postId, await files(3), asOwner());
    expect(first.map((p) => p.primary)).toEqual([true, false, false]);
    const more = await addPhotos(t.app, ad.postId, await files(2), asOwner());
    expect(ids(more).slice(0, 3)).toEqual(ids(first));
    expect(primaries(more)).toEqual([first[0]?.photo_id]);
    const rows = await photoRows(t, ad.postId);
    expect(rows.map((r) => r.id)).toEqual(ids(more));
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps one primary and distinct positions when two uploads arrive at once', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    await Promise.all([
      addPhotos(t.app, ad.postId, await files(2), asOwner()),
      addPhotos(t.app, ad.postId, await files(2), asOwner()),
    ]);
    const rows = await photoRows(t, ad.postId);
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4]);
    expect(rows.filter((r) => r.is_primary)).toHaveLength(1);
    // Public uploads never fill the verification slot (verification-photo.test.ts).
    expect(rows.filter((r) => r.is_verification)).toHaveLength(0);
    expect(rows[0]?.is_primary).toBe(true);
  });

  it('moves the primary with Make Primary, one primary at a time, without changing the order', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'paid' });
    const list = await addPhotos(t.app, ad.postId, await files(3), asOwner());
    const third = list[2]?.photo_id ?? '';
    const after = await change('primary', ad.postId, third);
    expect(ids(after)).toEqual(ids(list));
    expect(primaries(after)).toEqual([third]);
    // Twice is the same.
    expect(primaries(await change('primary', ad.postId, third))).toEqual([third]);
  });

  it('makes the next photo primary when the primary is deleted, then the first when it was last', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'paid' });
    const list = await addPhotos(t.app, ad.postId, await files(4), asOwner());
    const [a, b, c, d] = ids(list);
    if (!a || !b || !c || !d) throw new Error('missing photos');

    let now = await change('primary', ad.postId, b);
    now = await change('delete', ad.postId, b);
    expect(ids(now)).toEqual([a, c, d]);
    expect(primaries(now)).toEqual([c]);

    now = await change('primary', ad.postId, d);
    now = await change('delete', ad.postId, d);
    expect(ids(now)).toEqual([a, c]);
    expect(primaries(now)).toEqual([a]);

    // Deleting a photo that is not primary leaves the primary alone.
    now = await change('delete', ad.postId, c);
    expect(ids(now)).toEqual([a]);
    expect(primaries(now)).toEqual([a]);
  });

  it('leaves no photo and no file when the last one is deleted; the next upload is primary again', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'paid' });
    const [only] = await addPhotos(t.app, ad.postId, await files(1), asOwner());
    if (!only) throw new Error('no photo');
    expect(only.primary).toBe(true);
    expect((await photoFiles(t)).filter((f) => f.includes(only.photo_id))).toHaveLength(3);

    expect(await change('delete', ad.postId, only.photo_id)).toEqual([]);
    expect(await photoRows(t, ad.postId)).toEqual([]);
    expect((await photoFiles(t)).filter((f) => f.includes(only.photo_id))).toEqual([]);
    const served = await call(t.app, 'GET', only.url);
    expect(served.status).toBe(404);

    const again = await addPhotos(t.app, ad.postId, await files(2), asOwner());
    expect(again.map((p) => p.primary)).toEqual([true, false]);
    // Deleting a photo twice: it is gone.
    const twice = await changePhoto(t.app, 'delete', ad.postId, only.photo_id, asOwner());
    expect(twice.status).toBe(404);
  });

  it('never marks a verification photo on the other ad types', async () => {
    for (const type of ['free', 'paid', 'premium']) {
      const ad = await createAd(t.app, {
        session: owner.token,
        type: type === 'premium' ? 'paid' : type,
        overrides: type === 'free' ? { backlink: 'https://jade.example/links' } : {},
      });
      // Featured ads are not made by the form; the type is set as the server would.
      if (type === 'premium') {
        await t.database.pool.query(`UPDATE ads SET type = 'premium' WHERE id = $1`, [ad.postId]);
      }
      const list = await addPhotos(t.app, ad.postId, await files(2), asOwner());
      expect(verifications(list), type).toEqual([]);
      // Nor can one be picked.
      const pick = await changePhoto(
        t.app,
        'verification',
        ad.postId,
        list[1]?.photo_id ?? '',
        asOwner(),
      );
      expectErrorBody(pick, 400);
      expect(pick.json).toEqual({
        success: false,
        error: sayIn('en', photoMessages.verificationOnlyVerified),
      });
      const rows = await photoRows(t, ad.postId);
      expect(rows.some((r) => r.is_verification)).toBe(false);
    }
  });

  it('lets a free verified ad be submitted only once it has its verification photo', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    const submit = () =>
      call(t.app, 'POST', `/api/post/${ad.postId}/submit`, { headers: asOwner() });
    expect((await submit()).status).toBe(400);
    const [sign] = await files(1);
    if (!sign) throw new Error('no file');
    await addVerificationPhoto(t.app, ad.postId, sign, asOwner());
    const res = await submit();
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      post: { status: 'pending', photos: [{ verification: true }] },
    });
  });
});
