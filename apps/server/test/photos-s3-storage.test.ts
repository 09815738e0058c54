import { photoMessages, type Photo, sayIn } from '@adboard/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_GRACE_MS, sweepPhotoFiles } from '../src/modules/photos/sweep-photo-files.js';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd, credentials, expectErrorBody } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { addPhotos, multipartBody, photoRows, sceneJpeg } from './support/photos.js';
import { startS3Server, type LocalS3Server } from './support/s3-server.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const APP = 'localhost:3000';
const VEGAS = 'las-vegas.localhost:3000';

/**
 * STORAGE=s3 as an operator sets it: every photo file in a bucket of a local S3
 * protocol server (s3rver), read here past the server, by plain unsigned requests.
 */
describe('photos kept in an S3 bucket', () => {
  let s3: LocalS3Server;
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ limiter: relaxedLimiter(), env: s3.env });
    owner = await registerVerified(t.app, 's3-photos@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const asOwner = () => credentials({ session: owner.token });
  const object = (key: string) => `${s3.endpoint}/${s3.bucket}/${key}`;
  const fileKey = (adId: string, photo: Photo, width: number) =>
    `${adId}/${photo.photo_id}-${width}.webp`;

  /** Every key in the bucket, as the store lists it. */
  async function bucketKeys(): Promise<string[]> {
    const listing = await fetch(`${s3.endpoint}/${s3.bucket}?list-type=2`);
    expect(listing.status).toBe(200);
    const xml = await listing.text();
    return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1] ?? '').sort();
  }

  async function objectBytes(key: string): Promise<Buffer | null> {
    const res = await fetch(object(key));
    return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : null;
  }

  const get = async (url: string, host = APP) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host } });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload, text: res.body };
  };

  async function upload(adId: string, name: string) {
    const { body, contentType } = multipartBody([
      { name, type: 'image/jpeg', data: await sceneJpeg('b', 900, 600) },
    ]);
    return call(t.app, 'POST', `/api/post/${adId}/photos`, {
      headers: { ...asOwner(), 'content-type': contentType },
      body,
    });
  }

  it('stores an upload’s files in the bucket and serves them from it, the 800 made on request', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const [photo] = await addPhotos(
      t.app,
      ad.postId,
      [{ name: 'a.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 2400, 1600) }],
      asOwner(),
    );
    if (!photo) throw new Error('no photo');
    const keys = [1600, 800, 400].map((width) => fileKey(ad.postId, photo, width));
    expect(await bucketKeys()).toEqual(expect.arrayContaining(keys));

    await makeAdPublic(t, ad.postId);
    const served = await get(`/photos/${keys[0]}`);
    expect(served.status).toBe(200);
    expect(served.body.equals((await objectBytes(keys[0] as string)) ?? Buffer.alloc(0))).toBe(
      true,
    );

    // A photo stored before the 800 existed: made from the 1600 and kept in the bucket.
    expect((await fetch(object(keys[1] as string), { method: 'DELETE' })).status).toBe(204);
    expect(await objectBytes(keys[1] as string)).toBeNull();
    const made = await get(`/photos/${keys[1]}`);
    expect(made.status).toBe(200);
    expect(made.body.equals((await objectBytes(keys[1] as string)) ?? Buffer.alloc(0))).toBe(true);
  });

  it('removes a deleted photo’s files from the bucket, and the sweep the files no row points at', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const [kept, removed] = await addPhotos(
      t.app,
      ad.postId,
      [
        { name: 'a.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 600, 400) },
        { name: 'b.jpg', type: 'image/jpeg', data: await sceneJpeg('b', 600, 400) },
      ],
      asOwner(),
    );
    if (!kept || !removed) throw new Error('no photos');
    const res = await call(t.app, 'POST', '/photo/delete', {
      headers: asOwner(),
      body: { postId: ad.postId, photoId: removed.photo_id },
    });
    expect(res.status, res.text).toBe(200);
    // The files go after the commit.
    await expect
      .poll(async () => (await bucketKeys()).filter((k) => k.includes(removed.photo_id)))
      .toEqual([]);

    // A file an interrupted upload left behind: no row points at it.
    const orphan = `${ad.postId}/${randomUUID()}-1600.webp`;
    expect((await fetch(object(orphan), { method: 'PUT', body: 'left over' })).status).toBe(200);
    // Within the grace time it may be an upload being saved: kept.
    expect(await sweepPhotoFiles(t.database.db, t.storage)).toBe(0);
    const later = new Date(Date.now() + SWEEP_GRACE_MS + 60_000);
    expect(await sweepPhotoFiles(t.database.db, t.storage, later)).toBeGreaterThanOrEqual(1);
    const left = await bucketKeys();
    expect(left).not.toContain(orphan);
    for (const width of [1600, 800, 400]) expect(left).toContain(fileKey(ad.postId, kept, width));
  });

  it('answers an upload 503 while the bucket does not answer, keeps the pages up, and loses nothing', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const [photo] = await addPhotos(
      t.app,
      ad.postId,
      [{ name: 'before.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 800, 600) }],
      asOwner(),
    );
    if (!photo) throw new Error('no photo');
    await makeAdPublic(t, ad.postId);
    const shown = `/photos/${fileKey(ad.postId, photo, 1600)}`;
    const before = await objectBytes(fileKey(ad.postId, photo, 1600));

    await s3.stop();
    try {
      const refused = await upload(ad.postId, 'during.jpg');
      expect(expectErrorBody(refused, 503).error).toBe(
        sayIn('en', photoMessages.uploadUnavailable),
      );
      expect((await photoRows(t, ad.postId)).map((row) => row.id)).toEqual([photo.photo_id]);

      // The pages need only the database.
      const page = await get(`/ads/details/${ad.postId}`, VEGAS);
      expect(page.status).toBe(200);
      expect(page.text).toContain(shown);
      expect((await get('/', VEGAS)).status).toBe(200);
      const mine = await call(t.app, 'GET', `/api/post/${ad.postId}`, { headers: asOwner() });
      expect(mine.status).toBe(200);
      // The photo itself cannot be had now, and no cache may keep that answer.
      const file = await get(shown);
      expect(file.status).toBe(503);
      expect(file.headers['cache-control']).toBe('no-store');
      expect(file.headers.etag).toBeUndefined();
    } finally {
      await s3.restart();
    }

    const again = await get(shown);
    expect(again.status).toBe(200);
    expect(before && again.body.equals(before)).toBe(true);
    const retried = await upload(ad.postId, 'after.jpg');
    expect(retried.status, retried.text).toBe(200);
    expect(await photoRows(t, ad.postId)).toHaveLength(2);
    // The failure is in the log for the operator, and was no crash.
    expect(t.logText()).not.toMatch(/"level":50/);
    expect(t.logText()).toMatch(/photo storage did not answer/);
  });
});
