import type { Photo } from '@adboard/shared';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDistance } from '../src/modules/photos/perceptual-hash.js';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adRow, createAd, credentials } from './support/ads.js';
import {
  addPhotos,
  changePhoto,
  hasGpsPointer,
  phoneJpeg,
  photoFiles,
  photoRows,
  sceneJpeg,
  scenePng,
  sceneWebp,
  uploadPhotos,
} from './support/photos.js';
import { makeAdPublic, signedInWithRole } from './support/moderation.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('an uploaded photo is re-encoded without metadata and served safely', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'photos@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  const asOwner = () => credentials({ session: owner.token });
  const fileOf = (url: string) =>
    path.join(t.photoDir, url.replace(/^\/photos\//, '').replace(/\?.*$/, ''));

  it('strips EXIF, GPS, XMP and IPTC from a phone JPEG and applies its orientation', async () => {
    const original = await phoneJpeg();
    // The fixture really carries what must go.
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('SecretCam')).toBe(true);
    expect(hasGpsPointer(before.exif)).toBe(true);
    expect(before.xmp?.toString('utf8')).toContain('Secret Creator');
    expect(before.iptc?.toString('latin1')).toContain('Secret Byline');

    const ad = await createAd(t.app, { session: owner.token });
    const res = await uploadPhotos(
      t.app,
      ad.postId,
      [{ name: 'IMG_0001 secret-name.jpg', type: 'image/jpeg', data: original }],
      asOwner(),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.text).not.toMatch(/IMG_0001|secret-name/);
    const list = res.json as Photo[];
    expect(list).toHaveLength(1);
    const [photo] = list;
    if (!photo) throw new Error('no photo');
    expect(photo).toEqual({
      photo_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // The owner's link: the ad is not public, so the plain URL would not load.
      url: expect.stringMatching(
        new RegExp(`^/photos/${ad.postId}/${photo.photo_id}-1600\\.webp\\?token=owner\\.`),
      ),
      primary: true,
      // A public photo: the verification photo has its own slot (verification-photo.test.ts).
      verification: false,
    });

    const stored = await readFile(fileOf(photo.url));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Turned upright: 60×40 with orientation 6 is 40 wide and 60 high.
    expect(meta.width).toBe(40);
    expect(meta.height).toBe(60);
    for (const secret of ['SecretCam', 'Tracker', 'Secret Artist', 'Secret Creator', 'Secret']) {
      expect(stored.includes(secret)).toBe(false);
    }
    const [row] = await photoRows(t, ad.postId);
    expect(row).toMatchObject({ id: photo.photo_id, width: 40, height: 60 });
  });

  it('writes a 1600, an 800 and a 400 wide WebP under server-made names, and keeps no original', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const list = await addPhotos(
      t.app,
      ad.postId,
      [
        {
          name: '../../etc/evil name.jpg',
          type: 'image/jpeg',
          data: await sceneJpeg('a', 2400, 1600),
        },
      ],
      asOwner(),
    );
    const photoId = list[0]?.photo_id ?? '';
    const files = (await photoFiles(t)).filter((f) => f.startsWith(`${ad.postId}/`));
    expect(files).toEqual([
      `${ad.postId}/${photoId}-1600.webp`,
      `${ad.postId}/${photoId}-400.webp`,
      `${ad.postId}/${photoId}-800.webp`,
    ]);
    expect((await photoFiles(t)).join(' ')).not.toMatch(/evil|etc|\.jpe?g/);

    const metaOf = async (width: number) =>
      sharp(
        await readFile(path.join(t.photoDir, `${ad.postId}/${photoId}-${width}.webp`)),
      ).metadata();
    expect(await metaOf(1600)).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(await metaOf(800)).toMatchObject({ format: 'webp', width: 800, height: 533 });
    expect(await metaOf(400)).toMatchObject({ format: 'webp', width: 400, height: 267 });
    expect(await photoRows(t, ad.postId)).toEqual([
      expect.objectContaining({ id: photoId, width: 1600, height: 1067 }),
    ]);
  });

  it('never enlarges a small picture past its own width', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const list = await addPhotos(
      t.app,
      ad.postId,
      [{ name: 'small.jpg', type: 'image/jpeg', data: await sceneJpeg('b', 300, 200) }],
      asOwner(),
    );
    const meta = await sharp(await readFile(fileOf(list[0]?.url ?? ''))).metadata();
    expect(meta.width).toBeLessThanOrEqual(300);
    expect(meta.width).toBeLessThanOrEqual(1600);
  });

  it('serves the owner’s photo as image/webp with nosniff, kept by no cache', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const [photo] = await addPhotos(
      t.app,
      ad.postId,
      [{ name: 'a.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 800, 600) }],
      asOwner(),
    );
    if (!photo) throw new Error('no photo');
    for (const url of [photo.url, photo.url.replace('-1600.webp', '-400.webp')]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // The ad is not public: only its owner's link loads it, and no cache may keep it.
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(await readFile(fileOf(url)))).toBe(true);
      // Shown on the city subdomains of the same site.
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    }
  });

  it('stops serving a deleted photo, a deleted ad’s photos and a banned owner’s photos at once', async () => {
    const photoOf = async (session: string, phone?: string) => {
      const ad = await createAd(t.app, { session, ...(phone ? { overrides: { phone } } : {}) });
      const [photo] = await addPhotos(
        t.app,
        ad.postId,
        [{ name: 'b.jpg', type: 'image/jpeg', data: await sceneJpeg('b', 640, 480) }],
        credentials({ session }),
      );
      if (!photo) throw new Error('no photo');
      expect((await call(t.app, 'GET', photo.url)).status).toBe(200);
      return { postId: ad.postId, photo };
    };
    const removed = await photoOf(owner.token);
    const del = await call(t.app, 'POST', '/photo/delete', {
      headers: asOwner(),
      body: { postId: removed.postId, photoId: removed.photo.photo_id },
    });
    expect(del.status).toBe(200);
    expect((await call(t.app, 'GET', removed.photo.url)).status).toBe(404);

    const ofDeletedAd = await photoOf(owner.token);
    const gone = await call(t.app, 'POST', '/api/post/delete', {
      headers: asOwner(),
      body: { postId: ofDeletedAd.postId },
    });
    expect(gone.status).toBe(200);
    expect((await call(t.app, 'GET', ofDeletedAd.photo.url)).status).toBe(404);

    const banned = await registerVerified(
      t.app,
      'banned-photos@example.com',
      'banned long passphrase',
    );
    // A number of its own: once its owner is banned, nobody may post with it again.
    const ofBanned = await photoOf(banned.token, '702-208-4522');
    await t.database.pool.query('UPDATE users SET banned_at = now() WHERE id = $1', [
      banned.userId,
    ]);
    expect((await call(t.app, 'GET', ofBanned.photo.url)).status).toBe(404);
    expect((await call(t.app, 'GET', ofBanned.photo.url.replace('-1600', '-400'))).status).toBe(
      404,
    );
  });

  it('answers 404 for a photo url that does not exist or is not a photo key', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    for (const url of [
      `/photos/${ad.postId}/00000000-0000-4000-8000-000000000000-1600.webp`,
      `/photos/${ad.postId}/notes.txt`,
      `/photos/${ad.postId}/..%2F..%2Fetc%2Fpasswd`,
      '/photos/abc/00000000-0000-4000-8000-000000000000-1600.webp',
    ]) {
      const res = await call(t.app, 'GET', url);
      expect(res.status, url).toBe(404);
    }
  });

  it('takes PNG and WebP, and decides the type by the bytes, not the name', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const list = await addPhotos(
      t.app,
      ad.postId,
      [
        { name: 'drawing.png', type: 'image/png', data: await scenePng() },
        { name: 'sticker.webp', type: 'image/webp', data: await sceneWebp() },
        // A real PNG with a misleading name and type is still a PNG.
        { name: 'notes.txt', type: 'text/plain', data: await scenePng(120, 80) },
      ],
      asOwner(),
    );
    expect(list).toHaveLength(3);
    for (const photo of list) {
      expect((await sharp(await readFile(fileOf(photo.url))).metadata()).format).toBe('webp');
    }
  });

  it('takes a HEIF-container image sharp decodes itself (AV1-coded; HEVC goes through libheif-js)', async () => {
    const heif = await sharp({
      create: { width: 120, height: 90, channels: 3, background: { r: 250, g: 120, b: 0 } },
    })
      .heif({ compression: 'av1' })
      .toBuffer();
    expect((await sharp(heif).metadata()).format).toBe('heif');
    const ad = await createAd(t.app, { session: owner.token });
    const [photo] = await addPhotos(
      t.app,
      ad.postId,
      [{ name: 'IMG_0420.HEIC', type: 'image/heic', data: heif }],
      asOwner(),
    );
    const meta = await sharp(await readFile(fileOf(photo?.url ?? ''))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 120, height: 90 });
  });

  it('lists the photos in GET /api/post/{id}', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const list = await addPhotos(
      t.app,
      ad.postId,
      [
        { name: '1.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 200, 150) },
        { name: '2.jpg', type: 'image/jpeg', data: await sceneJpeg('b', 200, 150) },
      ],
      asOwner(),
    );
    const read = await call(t.app, 'GET', `/api/post/${ad.postId}`, { headers: asOwner() });
    expect(read.status).toBe(200);
    expect((read.json as { photos: Photo[] }).photos).toEqual(list);
    // The edit token sees the same list.
    const byToken = await call(t.app, 'GET', `/api/post/${ad.postId}`, {
      headers: credentials({ editToken: ad.token }),
    });
    expect((byToken.json as { photos: Photo[] }).photos).toEqual(list);
  });

  it('keeps a live ad public: a new photo waits for review, primary and delete apply at once', async () => {
    const moderator = await signedInWithRole(t, 'photos-mod@example.com', 'moderator');
    const ad = await createAd(t.app, { session: owner.token });
    // The first photo is the verification photo (never public), the second the public one.
    const [sign, shown] = await addPhotos(
      t.app,
      ad.postId,
      [
        { name: '1.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 200, 150) },
        { name: '2.jpg', type: 'image/jpeg', data: await sceneJpeg('b', 200, 150) },
      ],
      asOwner(),
    );
    await makeAdPublic(t, ad.postId);
    const live = { status: 'active', approved: true };
    const revisions = async () =>
      (
        await t.database.pool.query<{ state: string }>(
          'SELECT state FROM ad_revisions WHERE ad_id = $1 ORDER BY id',
          [ad.postId],
        )
      ).rows.map((r) => r.state);
    const pendingPhotos = async () =>
      (
        await t.database.pool.query<{ id: string }>(
          'SELECT id FROM photos WHERE ad_id = $1 AND pending_review ORDER BY position',
          [ad.postId],
        )
      ).rows.map((r) => r.id);

    // Choosing the primary photo needs no review.
    const primary = await changePhoto(
      t.app,
      'primary',
      ad.postId,
      shown?.photo_id ?? '',
      asOwner(),
    );
    expect(primary.status).toBe(200);
    expect((primary.json as Photo[]).find((p) => p.primary)?.photo_id).toBe(shown?.photo_id);
    expect(await adRow(t, ad.postId)).toMatchObject(live);
    expect(await revisions()).toEqual([]);

    // A photo added to the live ad waits, with a pending edit, and is not public.
    const [, , added] = await addPhotos(
      t.app,
      ad.postId,
      [{ name: '3.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 220, 160) }],
      asOwner(),
    );
    const addedId = added?.photo_id ?? 'missing';
    expect(await adRow(t, ad.postId)).toMatchObject(live);
    expect(await pendingPhotos()).toEqual([addedId]);
    expect(await revisions()).toEqual(['pending']);
    // (Read once: the public page is cached a few seconds.)
    const page = await call(t.app, 'GET', `/ads/details/${ad.postId}`, {
      headers: { host: 'las-vegas.localhost:3000' },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`/photos/${ad.postId}/${shown?.photo_id}-1600.webp`);
    expect(page.text).not.toContain(addedId);

    // Approved by a moderator: the photo is public.
    const approved = await call(t.app, 'POST', `/api/admin/posts/${ad.postId}/approve`, {
      headers: { session: moderator.token },
    });
    expect(approved.json).toEqual({ success: true, status: 'active' });
    expect(await pendingPhotos()).toEqual([]);
    expect(await revisions()).toEqual(['approved']);

    // Deleting a photo applies at once and keeps the ad live, without a review.
    const res = await changePhoto(t.app, 'delete', ad.postId, addedId, asOwner());
    expect(res.status).toBe(200);
    expect(await adRow(t, ad.postId)).toMatchObject(live);
    expect(await revisions()).toEqual(['approved']);
    expect((await call(t.app, 'GET', added?.url ?? '')).status).toBe(404);
    expect((await photoRows(t, ad.postId)).map((row) => row.id)).toEqual([
      sign?.photo_id,
      shown?.photo_id,
    ]);

    // An ad that is not approved keeps its status.
    await t.database.pool.query(`UPDATE ads SET status = 'incomplete' WHERE id = $1`, [ad.postId]);
    await addPhotos(
      t.app,
      ad.postId,
      [{ name: '3.jpg', type: 'image/jpeg', data: await sceneJpeg('b', 220, 150) }],
      asOwner(),
    );
    expect((await adRow(t, ad.postId)).status).toBe('incomplete');
    expect(await pendingPhotos()).toEqual([]);
  });

  it('stores a perceptual hash that finds the same picture at another size and quality', async () => {
    const first = await createAd(t.app, { session: owner.token });
    const second = await createAd(t.app, { session: owner.token });
    await addPhotos(
      t.app,
      first.postId,
      [{ name: 'a.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 2000, 1500, 92) }],
      asOwner(),
    );
    await addPhotos(
      t.app,
      second.postId,
      [
        { name: 'a-small.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 640, 480, 45) },
        { name: 'b.jpg', type: 'image/jpeg', data: await sceneJpeg('b', 2000, 1500, 92) },
      ],
      asOwner(),
    );
    const [original] = await photoRows(t, first.postId);
    const [copy, other] = await photoRows(t, second.postId);
    if (!original || !copy || !other) throw new Error('missing rows');
    for (const row of [original, copy, other]) expect(row.phash).toMatch(/^[0-9a-f]{16}$/);
    const same = hashDistance(original.phash, copy.phash);
    const different = hashDistance(original.phash, other.phash);
    expect(same).toBeLessThanOrEqual(10);
    expect(different).toBeGreaterThan(same);
    expect(different).toBeGreaterThan(10);
  });
});
