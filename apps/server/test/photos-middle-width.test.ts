import type { Photo } from '@adboard/shared';
import { access, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd, credentials } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import {
  addPhotos,
  addVerificationPhoto,
  changePhoto,
  photoFiles,
  sceneJpeg,
} from './support/photos.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const APP = 'localhost:3000';

/*
 * Photos stored before the 800 wide size existed have only their 1600 and 400 files:
 * the file route makes the 800 from the 1600 on its first request and stores it.
 */
describe('the 800 wide file of a photo stored without one', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'middle-width@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  const asOwner = () => credentials({ session: owner.token });
  const key = (adId: string, photo: Photo, width: number) =>
    `${adId}/${photo.photo_id}-${width}.webp`;
  const plain = (adId: string, photo: Photo, width: number) => `/photos/${key(adId, photo, width)}`;
  const fileOf = (adId: string, photo: Photo, width: number) =>
    path.join(t.photoDir, key(adId, photo, width));
  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: APP } });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
  };

  /** An ad of the owner's with one 2400×1600 photo whose 800 file is gone, as an older photo's. */
  async function olderPhoto(): Promise<{ adId: string; photo: Photo }> {
    const ad = await createAd(t.app, { session: owner.token });
    const [photo] = await addPhotos(
      t.app,
      ad.postId,
      [{ name: 'wide.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 2400, 1600) }],
      asOwner(),
    );
    if (!photo) throw new Error('no photo');
    await rm(fileOf(ad.postId, photo, 800));
    return { adId: ad.postId, photo };
  }

  it('makes it from the 1600 on the first request: WebP, 800 wide, no metadata, stored', async () => {
    const { adId, photo } = await olderPhoto();
    await makeAdPublic(t, adId);
    // The 1600 file carries metadata, so the test sees the made file drop it.
    const large = fileOf(adId, photo, 1600);
    await writeFile(
      large,
      await sharp(await readFile(large))
        .withExif({ IFD0: { Make: 'SecretCam', Artist: 'Secret Artist' } })
        .withXmp(
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Secret Creator"/></rdf:RDF></x:xmpmeta>',
        )
        .webp({ quality: 82 })
        .toBuffer(),
    );
    expect((await sharp(await readFile(large)).metadata()).exif).toBeDefined();

    const res = await get(plain(adId, photo, 800));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=30, must-revalidate');
    expect(res.headers.etag).toBe(`"${photo.photo_id}-800.webp"`);
    const meta = await sharp(res.body).metadata();
    // Half the 1600×1067 file (an upload's own 800 is 533 high: its original was 2400×1600).
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 534 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(res.body.includes('Secret')).toBe(false);

    // Stored: the next request reads the file and makes nothing.
    const made = fileOf(adId, photo, 800);
    expect((await readFile(made)).equals(res.body)).toBe(true);
    const marker = await sharp({
      create: { width: 8, height: 6, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .webp()
      .toBuffer();
    await writeFile(made, marker);
    expect((await get(plain(adId, photo, 800))).body.equals(marker)).toBe(true);
  });

  it('answers many asking at the same time with the same file', async () => {
    const { adId, photo } = await olderPhoto();
    await makeAdPublic(t, adId);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => get(plain(adId, photo, 800))),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.equals(answers[0]?.body ?? Buffer.alloc(0))).toBe(true);
    }
    expect((await sharp(answers[0]?.body).metadata()).width).toBe(800);
  });

  it('answers 404 when the 1600 is missing too, and makes no width that is not stored', async () => {
    const { adId, photo } = await olderPhoto();
    await makeAdPublic(t, adId);
    for (const width of [1200, 640]) {
      expect((await get(plain(adId, photo, width))).status, `${width}`).toBe(404);
      expect(await exists(fileOf(adId, photo, width))).toBe(false);
    }
    // Other spellings of a stored file's name are no names of it.
    for (const url of [
      `/photos/0${adId}/${photo.photo_id}-800.webp`,
      `/photos/${adId}/${photo.photo_id}-0800.webp`,
      `/photos/0${adId}/${photo.photo_id}-1600.webp`,
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
    expect(await exists(fileOf(adId, photo, 800))).toBe(false);
    await rm(fileOf(adId, photo, 1600));
    for (const width of [800, 1600]) {
      const res = await get(plain(adId, photo, width));
      expect(res.status, `${width}`).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    expect(await exists(fileOf(adId, photo, 800))).toBe(false);
    // The 400 is untouched.
    expect((await get(plain(adId, photo, 400))).status).toBe(200);
  });

  it('keeps a photo that is not public from anyone without a valid link, as at 1600', async () => {
    const { adId, photo } = await olderPhoto();
    const [, other] = await addPhotos(
      t.app,
      adId,
      [{ name: 'b.jpg', type: 'image/jpeg', data: await sceneJpeg('b', 300, 200) }],
      asOwner(),
    );
    if (!other) throw new Error('no second photo');
    const token = photo.url.slice(photo.url.indexOf('?'));
    const otherToken = other.url.slice(other.url.indexOf('?'));
    const attempts: Record<string, (width: number) => string> = {
      'no token': (width) => plain(adId, photo, width),
      'another photo’s token': (width) => plain(adId, photo, width) + otherToken,
      'a changed signature': (width) =>
        plain(adId, photo, width) +
        token.replace(
          /\.(.)([\w-]+)$/,
          (_m, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`,
        ),
      'a later expiry': (width) =>
        plain(adId, photo, width) +
        token.replace(/\.(\d+)\./, (_m, n: string) => `.${Number(n) + 3600}.`),
      garbage: (width) => `${plain(adId, photo, width)}?token=owner.x.y`,
    };
    for (const [what, url] of Object.entries(attempts)) {
      for (const width of [1600, 800]) {
        const res = await get(url(width));
        expect(res.status, `${what} ${width}`).toBe(404);
        expect(res.headers['cache-control'], `${what} ${width}`).toBe('no-store');
      }
    }
    // Nothing was made for a refused request.
    expect(await exists(fileOf(adId, photo, 800))).toBe(false);

    // The owner's link loads it, privately, at both widths.
    for (const width of [1600, 800]) {
      const res = await get(photo.url.replace('-1600.webp', `-${width}.webp`));
      expect(res.status, `owner ${width}`).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
      expect((await sharp(res.body).metadata()).width).toBe(width);
    }
  });

  it('keeps the verification photo of a public ad from the public at 800 too', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const [sign] = await addVerificationPhoto(
      t.app,
      ad.postId,
      { name: 'sign.jpg', type: 'image/jpeg', data: await sceneJpeg('b', 1800, 1200) },
      asOwner(),
    );
    if (!sign?.verification) throw new Error('no verification photo');
    await rm(fileOf(ad.postId, sign, 800));
    await makeAdPublic(t, ad.postId);
    for (const width of [1600, 800]) {
      expect((await get(plain(ad.postId, sign, width))).status, `${width}`).toBe(404);
    }
    expect(await exists(fileOf(ad.postId, sign, 800))).toBe(false);
  });

  it('removes every width with the photo, the one made on request too', async () => {
    const { adId, photo } = await olderPhoto();
    await makeAdPublic(t, adId);
    expect((await get(plain(adId, photo, 800))).status).toBe(200);
    const ofPhoto = async () => (await photoFiles(t)).filter((f) => f.includes(photo.photo_id));
    expect(await ofPhoto()).toEqual([
      key(adId, photo, 1600),
      key(adId, photo, 400),
      key(adId, photo, 800),
    ]);
    const del = await changePhoto(t.app, 'delete', adId, photo.photo_id, asOwner());
    expect(del.status, del.text).toBe(200);
    expect(await ofPhoto()).toEqual([]);
    expect((await get(plain(adId, photo, 800))).status).toBe(404);
  });
});
