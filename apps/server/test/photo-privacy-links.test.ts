import type { Photo } from '@adboard/shared';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_SECRET_FILE, photoLinkSecret } from '../src/modules/photos/photo-link-secret.js';
import { createPhotoLinks, PHOTO_LINK_STEP_SECONDS } from '../src/modules/photos/photo-links.js';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd, credentials } from './support/ads.js';
import { addPhotos, sceneJpeg } from './support/photos.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const SECRET = 'test-photo-link-secret-0123456789abcdef';
const HOUR_MS = PHOTO_LINK_STEP_SECONDS * 1000;

describe('an owner’s photo link is short-lived, signed with the server’s key, and kept out of the logs', () => {
  let t: TestApp;
  let owner: SignedIn;
  let adId: number;
  let photo: Photo;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), env: { PHOTO_URL_SECRET: SECRET } });
    owner = await registerVerified(t.app, 'links@example.com', 'a long enough passphrase');
    const ad = await createAd(t.app, { session: owner.token });
    adId = Number(ad.postId);
    const [uploaded] = await addPhotos(
      t.app,
      ad.postId,
      [{ name: 'a.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 220, 160) }],
      credentials({ session: owner.token }),
    );
    if (!uploaded) throw new Error('no photo');
    photo = uploaded;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } })).statusCode;
  const linkMadeAt = (at: number, secret = SECRET) => {
    const token = createPhotoLinks(Buffer.from(secret), () => at).token('owner', {
      adId,
      id: photo.photo_id,
    });
    return `/photos/${adId}/${photo.photo_id}-1600.webp?token=${token}`;
  };

  it('answers a link for an hour at least and refuses it once it has expired', async () => {
    expect(await get(photo.url)).toBe(200);
    // Made just before the hour turned: still good an hour later.
    const hourStart = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    expect(await get(linkMadeAt(hourStart - 1))).toBe(200);
    // Made two hours ago: it has expired.
    expect(await get(linkMadeAt(Date.now() - 2 * HOUR_MS))).toBe(404);
    // Made with another key: a forgery.
    expect(await get(linkMadeAt(Date.now(), 'another-secret-another-secret-another'))).toBe(404);
  });

  it('gives the same link for an hour, so a list fetched again reloads no image', () => {
    const hourStart = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    let now = hourStart;
    const links = createPhotoLinks(Buffer.from(SECRET), () => now);
    const first = links.token('owner', { adId, id: photo.photo_id });
    now = hourStart + HOUR_MS - 1;
    expect(links.token('owner', { adId, id: photo.photo_id })).toBe(first);
    now = hourStart + HOUR_MS;
    expect(links.token('owner', { adId, id: photo.photo_id })).not.toBe(first);
  });

  it('never writes the link’s token to the request log', async () => {
    expect(await get(photo.url)).toBe(200);
    const signature = photo.url.split('.').at(-1) ?? '';
    expect(signature.length).toBeGreaterThan(20);
    expect(t.logText()).toContain(`/photos/${adId}/${photo.photo_id}-1600.webp`);
    expect(t.logText()).not.toContain(signature);
  });
});

describe('the photo link key', () => {
  const dirs: string[] = [];
  const dataDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adboard-photo-key-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('is made once in DATA_DIR, readable by the server only, and kept across starts', async () => {
    const dir = await dataDir();
    // Several servers starting on one DATA_DIR at once agree on one key.
    const keys = await Promise.all(
      [1, 2, 3, 4].map(() =>
        photoLinkSecret({ dataDir: dir, photoUrlSecret: undefined, isProduction: false }),
      ),
    );
    const file = path.join(dir, PHOTO_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    for (const key of keys) expect(key.equals(keys[0] as Buffer)).toBe(true);
    expect((keys[0] as Buffer).length).toBeGreaterThanOrEqual(32);
    const again = await photoLinkSecret({
      dataDir: dir,
      photoUrlSecret: undefined,
      isProduction: false,
    });
    expect(again.equals(keys[0] as Buffer)).toBe(true);
    expect((await readFile(file, 'utf8')).trim()).toBe(again.toString('utf8'));
  });

  it('is PHOTO_URL_SECRET when set, and refuses a damaged file rather than guessing', async () => {
    const dir = await dataDir();
    const set = await photoLinkSecret({
      dataDir: dir,
      photoUrlSecret: SECRET,
      isProduction: false,
    });
    expect(set.toString('utf8')).toBe(SECRET);
    await writeFile(path.join(dir, PHOTO_SECRET_FILE), 'short\n');
    await expect(
      photoLinkSecret({ dataDir: dir, photoUrlSecret: undefined, isProduction: false }),
    ).rejects.toThrow(PHOTO_SECRET_FILE);
    // Two data dirs, two keys: a link of one server is no good on another.
    const a = await photoLinkSecret({
      dataDir: await dataDir(),
      photoUrlSecret: undefined,
      isProduction: false,
    });
    const b = await photoLinkSecret({
      dataDir: await dataDir(),
      photoUrlSecret: undefined,
      isProduction: false,
    });
    expect(a.equals(b)).toBe(false);
  });
});
