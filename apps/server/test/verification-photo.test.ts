import {
  adMessages,
  photoMessages,
  verificationPhotoCode,
  type Ad,
  type AdReview,
  type Photo,
  sayIn,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adRow, createAd, credentials, expectErrorBody } from './support/ads.js';
import { makeAdPublic, signedInWithRole } from './support/moderation.js';
import {
  addPhotos,
  addVerificationPhoto,
  changePhoto,
  jpegFile,
  photoFiles,
  photoRows,
  uploadPhotos,
} from './support/photos.js';
import { call, createTestApp, makeWebDist, type TestApp } from './support/test-app.js';

const VEGAS = 'las-vegas.localhost:3000';
const CODE = new RegExp(`^[${verificationPhotoCode.alphabet}]{${verificationPhotoCode.length}}$`);

describe('the verification photo of a free verified ad: its own slot and a code made for the ad', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let moderator: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), webDist: await makeWebDist() });
    owner = await registerVerified(t.app, 'sign-owner@example.com', 'a long enough passphrase');
    stranger = await registerVerified(t.app, 'sign-stranger@example.com', 'another passphrase 1');
    moderator = await signedInWithRole(t, 'sign-mod@example.com', 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const asOwner = () => credentials({ session: owner.token });
  const readAd = (adId: string, headers: Record<string, string>) =>
    call(t.app, 'GET', `/api/post/${adId}`, { headers });
  const ownersAd = async (adId: string): Promise<Ad> => {
    const res = await readAd(adId, asOwner());
    expect(res.status, res.text).toBe(200);
    return res.json as Ad;
  };
  const review = async (adId: string): Promise<AdReview> => {
    const res = await call(t.app, 'GET', `/api/admin/posts/${adId}`, {
      headers: { session: moderator.token },
    });
    expect(res.status, res.text).toBe(200);
    return res.json as AdReview;
  };
  const verifications = (list: Photo[]) =>
    list.filter((p) => p.verification).map((p) => p.photo_id);
  const primaries = (list: Photo[]) => list.filter((p) => p.primary).map((p) => p.photo_id);

  it('makes a short unambiguous code for each ad and gives it to the owner of a free verified ad', async () => {
    const first = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    const second = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    const a = (await ownersAd(first.postId)).verification_photo_code;
    const b = (await ownersAd(second.postId)).verification_photo_code;
    expect(a).toMatch(CODE);
    expect(b).toMatch(CODE);
    expect(a).not.toBe(b);
    // It is stored with the ad: the same on every read.
    expect((await adRow(t, first.postId)).verification_photo_code).toBe(a);
    expect((await ownersAd(first.postId)).verification_photo_code).toBe(a);

    // The holder of an anonymous ad's edit token is its owner too.
    const anonymous = await createAd(t.app, { email: 'sign-anonymous@example.com' });
    const res = await readAd(anonymous.postId, credentials({ editToken: anonymous.token }));
    expect(res.status, res.text).toBe(200);
    expect((res.json as Ad).verification_photo_code).toMatch(CODE);
  });

  it('gives no code for the types without a verification photo', async () => {
    const paid = await createAd(t.app, { session: owner.token, type: 'paid' });
    expect((await ownersAd(paid.postId)).verification_photo_code).toBeNull();
    expect((await review(paid.postId)).verificationPhotoCode).toBeNull();
  });

  it('never gives the code to a stranger or to the public pages', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    // A code no page could contain by chance.
    await t.database.pool.query('UPDATE ads SET verification_photo_code = $2 WHERE id = $1', [
      ad.postId,
      'QZ7WX8',
    ]);
    expect((await ownersAd(ad.postId)).verification_photo_code).toBe('QZ7WX8');
    await addVerificationPhoto(t.app, ad.postId, await jpegFile('sign.jpg'), asOwner());
    await addPhotos(t.app, ad.postId, [await jpegFile('face.jpg', [20, 120, 200])], asOwner());

    const asStranger = await readAd(ad.postId, { session: stranger.token });
    expect(asStranger.status).toBeGreaterThanOrEqual(400);
    expect(asStranger.text).not.toContain('QZ7WX8');
    const anonymous = await readAd(ad.postId, {});
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect(anonymous.text).not.toContain('QZ7WX8');
    const asStrangerReview = await call(t.app, 'GET', `/api/admin/posts/${ad.postId}`, {
      headers: { session: stranger.token },
    });
    expect(asStrangerReview.status).toBe(403);
    expect(asStrangerReview.text).not.toContain('QZ7WX8');

    await makeAdPublic(t, ad.postId);
    for (const path of ['/', `/ads/details/${ad.postId}`]) {
      const page = await call(t.app, 'GET', path, { headers: { host: VEGAS } });
      expect(page.status, path).toBe(200);
      expect(page.text, path).not.toContain('QZ7WX8');
    }
    // Nor does the owner's preview print it.
    const link = await call(t.app, 'POST', `/api/post/${ad.postId}/preview`, {
      headers: asOwner(),
    });
    expect(link.status, link.text).toBe(200);
    const url = new URL((link.json as { url: string }).url);
    const preview = await call(t.app, 'GET', `${url.pathname}${url.search}`, {
      headers: { host: url.host },
    });
    expect(preview.status).toBe(200);
    expect(preview.text).not.toContain('QZ7WX8');
  });

  it('shows the moderator the code and the date the verification photo was uploaded', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    const before = Date.now();
    const [sign] = await addVerificationPhoto(t.app, ad.postId, await jpegFile(), asOwner());
    const after = Date.now();
    const seen = await review(ad.postId);
    expect(seen.verificationPhotoCode).toBe((await ownersAd(ad.postId)).verification_photo_code);
    expect(seen.verificationPhotoCode).toMatch(CODE);
    const photo = seen.photos.find((p) => p.verification);
    expect(photo?.photoId).toBe(sign?.photo_id);
    const uploaded = Date.parse(photo?.uploadedAt ?? '');
    expect(uploaded).toBeGreaterThanOrEqual(before - 1000);
    expect(uploaded).toBeLessThanOrEqual(after + 1000);
  });

  it('puts the photo in the slot only when the upload says so; public uploads are never hidden', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    const publicOnes = await addPhotos(
      t.app,
      ad.postId,
      [await jpegFile('a.jpg'), await jpegFile('b.jpg', [10, 200, 10])],
      asOwner(),
    );
    expect(verifications(publicOnes)).toEqual([]);
    expect(primaries(publicOnes)).toEqual([publicOnes[0]?.photo_id]);

    const withSign = await addVerificationPhoto(
      t.app,
      ad.postId,
      await jpegFile('sign.jpg', [200, 200, 10]),
      asOwner(),
    );
    const sign = withSign.find((p) => !publicOnes.some((q) => q.photo_id === p.photo_id));
    expect(verifications(withSign)).toEqual([sign?.photo_id]);
    // The verification photo is never primary; the public primary stays.
    expect(sign?.primary).toBe(false);
    expect(primaries(withSign)).toEqual([publicOnes[0]?.photo_id]);
  });

  it('replaces the verification photo with a new one, its files removed', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    const [old] = await addVerificationPhoto(
      t.app,
      ad.postId,
      await jpegFile('old.jpg'),
      asOwner(),
    );
    if (!old) throw new Error('no photo');
    const now = await addVerificationPhoto(
      t.app,
      ad.postId,
      await jpegFile('new.jpg', [5, 5, 250]),
      asOwner(),
    );
    expect(now).toHaveLength(1);
    expect(now[0]?.photo_id).not.toBe(old.photo_id);
    expect(now[0]?.verification).toBe(true);
    expect((await photoFiles(t)).filter((f) => f.includes(old.photo_id))).toEqual([]);
  });

  it('refuses a verification upload of several files, on other ad types, and an unknown slot', async () => {
    const verified = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    const two = await uploadPhotos(
      t.app,
      verified.postId,
      [await jpegFile('1.jpg'), await jpegFile('2.jpg', [1, 2, 3])],
      asOwner(),
      'verification',
    );
    expectErrorBody(two, 400);
    expect(two.json).toEqual({
      success: false,
      error: sayIn('en', photoMessages.verificationOneFile),
    });

    const unknown = await uploadPhotos(
      t.app,
      verified.postId,
      [await jpegFile()],
      asOwner(),
      'hidden',
    );
    expectErrorBody(unknown, 400);
    expect((unknown.json as { error: string }).error).toBeTruthy();
    expect(unknown.text).toContain(sayIn('en', photoMessages.unknownSlot));
    expect(await photoRows(t, verified.postId)).toEqual([]);

    const paid = await createAd(t.app, { session: owner.token, type: 'paid' });
    const refused = await uploadPhotos(
      t.app,
      paid.postId,
      [await jpegFile()],
      asOwner(),
      'verification',
    );
    expectErrorBody(refused, 400);
    expect(refused.json).toEqual({
      success: false,
      error: sayIn('en', photoMessages.verificationOnlyVerified),
    });
    expect(await photoRows(t, paid.postId)).toEqual([]);
  });

  it('needs the verification photo, not just any photo, to submit a free verified ad', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    const submit = () =>
      call(t.app, 'POST', `/api/post/${ad.postId}/submit`, { headers: asOwner() });
    await addPhotos(t.app, ad.postId, [await jpegFile()], asOwner());
    const without = await submit();
    expectErrorBody(without, 400);
    expect(without.json).toEqual({
      success: false,
      error: sayIn('en', adMessages.wizard.submitNeedsPhoto),
    });
    await addVerificationPhoto(t.app, ad.postId, await jpegFile('sign.jpg', [9, 9, 9]), asOwner());
    const res = await submit();
    expect(res.status, res.text).toBe(200);
  });

  it('keeps the verification photo out of the primary, and empties the slot when it is deleted', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    await addPhotos(
      t.app,
      ad.postId,
      [await jpegFile('a.jpg'), await jpegFile('b.jpg', [1, 1, 1])],
      asOwner(),
    );
    const list = await addVerificationPhoto(
      t.app,
      ad.postId,
      await jpegFile('s.jpg', [7, 70, 7]),
      asOwner(),
    );
    const [a, b, sign] = list.map((p) => p.photo_id);
    if (!a || !b || !sign) throw new Error('missing photos');

    const primary = await changePhoto(t.app, 'primary', ad.postId, sign, asOwner());
    expectErrorBody(primary, 400);
    expect(primary.json).toEqual({
      success: false,
      error: sayIn('en', photoMessages.verificationNotPrimary),
    });

    // Moving a public photo into a taken slot would hide one and leave the other; refused.
    const taken = await changePhoto(t.app, 'verification', ad.postId, b, asOwner());
    expectErrorBody(taken, 409);
    expect(taken.json).toEqual({
      success: false,
      error: sayIn('en', photoMessages.verificationSlotTaken),
    });

    const deleted = await changePhoto(t.app, 'delete', ad.postId, sign, asOwner());
    expect(deleted.status, deleted.text).toBe(200);
    const after = deleted.json as Photo[];
    expect(after.map((p) => p.photo_id)).toEqual([a, b]);
    expect(verifications(after)).toEqual([]);
    expect(primaries(after)).toEqual([a]);

    // The empty slot takes a public photo that was meant as the sign; the primary moves on.
    const moved = await changePhoto(t.app, 'verification', ad.postId, a, asOwner());
    expect(moved.status, moved.text).toBe(200);
    expect(verifications(moved.json as Photo[])).toEqual([a]);
    expect(primaries(moved.json as Photo[])).toEqual([b]);
  });

  it('never serves the verification photo to the public, nor shows it on the public pages', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    const [sign] = await addVerificationPhoto(
      t.app,
      ad.postId,
      await jpegFile('sign.jpg'),
      asOwner(),
    );
    const list = await addPhotos(
      t.app,
      ad.postId,
      [await jpegFile('face.jpg', [1, 99, 1])],
      asOwner(),
    );
    const shown = list.find((p) => !p.verification);
    if (!sign || !shown) throw new Error('missing photos');
    await makeAdPublic(t, ad.postId);

    const plain = (photo: Photo, width: number) =>
      `/photos/${ad.postId}/${photo.photo_id}-${width}.webp`;
    for (const width of [1600, 800, 400]) {
      expect((await call(t.app, 'GET', plain(sign, width))).status).toBe(404);
      expect((await call(t.app, 'GET', plain(shown, width))).status).toBe(200);
    }
    for (const path of ['/', `/ads/details/${ad.postId}`]) {
      const page = await call(t.app, 'GET', path, { headers: { host: VEGAS } });
      expect(page.status, path).toBe(200);
      expect(page.text, path).not.toContain(sign.photo_id);
    }
    const details = await call(t.app, 'GET', `/ads/details/${ad.postId}`, {
      headers: { host: VEGAS },
    });
    expect(details.text).toContain(shown.photo_id);
    // Its owner still sees it, privately.
    expect((await call(t.app, 'GET', sign.url)).status).toBe(200);
  });
});
