import { previewLinkSchema, type AdReview, type Photo } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd, credentials } from './support/ads.js';
import { makeAdPublic, signedInWithRole } from './support/moderation.js';
import { addPhotos, addVerificationPhoto, sceneJpeg } from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const APP = 'localhost:3000';
const VEGAS = 'las-vegas.localhost:3000';
/** What a shared cache may do with a public photo: keep it as briefly as the public page. */
const PUBLIC_PHOTO_CACHE = 'public, max-age=30, must-revalidate';
const PRIVATE = 'private, no-store';

describe('a photo is served only while its ad is public, or to its owner or a moderator', () => {
  let t: TestApp;
  let owner: SignedIn;
  let moderator: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'photo-owner@example.com', 'a long enough passphrase');
    moderator = await signedInWithRole(t, 'photo-mod@example.com', 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const asOwner = () => credentials({ session: owner.token });

  /** The URL every visitor can build from a public page: no query, nothing signed. */
  const plain = (adId: string, photo: Photo, width = 1600) =>
    `/photos/${adId}/${photo.photo_id}-${width}.webp`;

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: APP, ...headers } });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
  };

  /** A free verified ad of the owner's with `n` photos: the first is its verification photo. */
  async function adWithPhotos(n = 2): Promise<{ adId: string; photos: Photo[] }> {
    const ad = await createAd(t.app, { session: owner.token });
    const files = [];
    for (let i = 0; i < n; i++) {
      files.push({
        name: `${i}.jpg`,
        type: 'image/jpeg',
        data: await sceneJpeg(i % 2 ? 'a' : 'b', 200 + i, 150),
      });
    }
    const [sign, ...rest] = files;
    if (!sign) throw new Error('no photo');
    let photos = await addVerificationPhoto(t.app, ad.postId, sign, asOwner());
    if (rest.length > 0) photos = await addPhotos(t.app, ad.postId, rest, asOwner());
    expect(photos[0]?.verification).toBe(true);
    return { adId: ad.postId, photos };
  }

  /** The photos as the owner's wizard gets them now. */
  async function ownerPhotos(adId: string): Promise<Photo[]> {
    const res = await call(t.app, 'GET', `/api/post/${adId}`, { headers: asOwner() });
    expect(res.status, res.text).toBe(200);
    return (res.json as { photos: Photo[] }).photos;
  }

  async function reviewPhotos(adId: string): Promise<AdReview['photos']> {
    const res = await call(t.app, 'GET', `/api/admin/posts/${adId}`, {
      headers: { session: moderator.token },
    });
    expect(res.status, res.text).toBe(200);
    return (res.json as AdReview).photos;
  }

  function expectNotServed(res: Awaited<ReturnType<typeof get>>, what: string) {
    expect(res.status, what).toBe(404);
    // Nobody may keep a refusal either: the photo may become public a minute later.
    expect(res.headers['cache-control'], what).not.toMatch(/public|max-age=[1-9]/);
  }

  function expectPrivate(res: Awaited<ReturnType<typeof get>>, what: string) {
    expect(res.status, what).toBe(200);
    expect(res.headers['content-type'], what).toBe('image/webp');
    expect(res.headers['cache-control'], what).toBe(PRIVATE);
    expect(res.headers.etag, what).toBeUndefined();
  }

  it('serves a public ad’s photos to anyone, cached briefly and revalidated by ETag', async () => {
    const { adId, photos } = await adWithPhotos(2);
    await makeAdPublic(t, adId);
    const shown = photos[1] as Photo;
    for (const host of [APP, VEGAS]) {
      for (const width of [1600, 800, 400]) {
        const res = await get(plain(adId, shown, width), { host });
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe(PUBLIC_PHOTO_CACHE);
        const etag = String(res.headers.etag ?? '');
        expect(etag).toMatch(/^"[^"]+"$/);
        expect(res.body.length).toBeGreaterThan(0);
        // A cache asking again after 30 s gets a 304 while the photo is still public.
        const again = await get(plain(adId, shown, width), { host, 'if-none-match': etag });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
      }
    }
    // The public page links the plain URL, and never the verification photo.
    const page = await call(t.app, 'GET', `/ads/details/${adId}`, { headers: { host: VEGAS } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<img src="${plain(adId, shown)}"`);
    expect(page.text).not.toContain(photos[0]?.photo_id);
    expect(page.text).not.toContain('token=');
  });

  it('never serves the verification photo or a photo waiting for review to the public', async () => {
    const { adId, photos } = await adWithPhotos(2);
    await makeAdPublic(t, adId);
    const sign = photos[0] as Photo;
    for (const width of [1600, 800, 400]) {
      expectNotServed(await get(plain(adId, sign, width)), `verification photo ${width}`);
    }
    // A photo added to the live ad waits for review with the edit.
    const [, , added] = await addPhotos(
      t.app,
      adId,
      [{ name: 'new.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 260, 170) }],
      asOwner(),
    );
    if (!added) throw new Error('no photo added');
    expectNotServed(await get(plain(adId, added)), 'photo waiting for review');
    // Its owner sees both, privately.
    const mine = await ownerPhotos(adId);
    for (const photo of mine) expectPrivate(await get(photo.url), `owner's ${photo.photo_id}`);
  });

  it('stops serving a rejected ad’s photos to the public at once; its owner still sees them', async () => {
    const { adId, photos } = await adWithPhotos(2);
    await makeAdPublic(t, adId);
    const shown = photos[1] as Photo;
    expect((await get(plain(adId, shown))).status).toBe(200);
    const rejected = await call(t.app, 'POST', `/api/admin/posts/${adId}/reject`, {
      headers: { session: moderator.token },
      body: { code: 'verification_photo', reason: 'The sign has no date.' },
    });
    expect(rejected.status, rejected.text).toBe(200);
    for (const width of [1600, 800, 400]) {
      expectNotServed(await get(plain(adId, shown, width)), `rejected ${width}`);
    }
    // The owner fixes the ad in the wizard: its photos load there.
    const mine = await ownerPhotos(adId);
    expect(mine.map((p) => p.photo_id)).toEqual(photos.map((p) => p.photo_id));
    for (const photo of mine) {
      expect(photo.url).not.toBe(plain(adId, photo));
      expectPrivate(await get(photo.url), 'owner after rejection');
    }
  });

  it('answers 404 for every photo of a deleted ad at once, to its owner’s links too', async () => {
    const { adId, photos } = await adWithPhotos(2);
    await makeAdPublic(t, adId);
    const owners = await ownerPhotos(adId);
    expect((await get(plain(adId, photos[1] as Photo))).status).toBe(200);
    for (const photo of owners) expect((await get(photo.url)).status).toBe(200);
    const gone = await call(t.app, 'POST', '/api/post/delete', {
      headers: asOwner(),
      body: { postId: adId },
    });
    expect(gone.status, gone.text).toBe(200);
    for (const photo of photos) expectNotServed(await get(plain(adId, photo)), 'deleted, plain');
    for (const photo of owners) expectNotServed(await get(photo.url), 'deleted, owner link');
  });

  it('keeps the photos of an ad that is not public from the public, not from its owner', async () => {
    const { adId, photos } = await adWithPhotos(2);
    // Incomplete, then waiting for review: neither is public.
    for (const status of ['incomplete', 'pending']) {
      await t.database.pool.query('UPDATE ads SET status = $2 WHERE id = $1', [adId, status]);
      for (const photo of photos) {
        expectNotServed(await get(plain(adId, photo)), `${status} plain`);
        expectNotServed(await get(plain(adId, photo, 400)), `${status} plain thumbnail`);
      }
      for (const photo of await ownerPhotos(adId)) {
        expectPrivate(await get(photo.url), `${status} owner`);
        // The wizard shows the 400 wide thumbnail of the same link.
        expectPrivate(await get(photo.url.replace('-1600.webp', '-400.webp')), `${status} thumb`);
      }
    }
    // The photos the upload answered load too (the wizard shows them at once).
    for (const photo of photos) expectPrivate(await get(photo.url), 'upload answer');
  });

  it('lets the holder of an anonymous ad’s edit token see its photos', async () => {
    const ad = await createAd(t.app, { email: 'anonymous-photos@example.com' });
    const photos = await addPhotos(
      t.app,
      ad.postId,
      [{ name: 'a.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 210, 150) }],
      credentials({ editToken: ad.token }),
    );
    const [photo] = photos;
    if (!photo) throw new Error('no photo');
    expectNotServed(await get(plain(ad.postId, photo)), 'anonymous plain');
    expectPrivate(await get(photo.url), 'edit token holder');
  });

  it('shows moderators every photo of the ad they review, the verification photo too', async () => {
    const { adId, photos } = await adWithPhotos(2);
    await t.database.pool.query(
      `UPDATE ads SET status = 'pending', submitted_at = now() WHERE id = $1`,
      [adId],
    );
    const review = await reviewPhotos(adId);
    expect(review.map((p) => p.photoId)).toEqual(photos.map((p) => p.photo_id));
    for (const photo of review) {
      expectPrivate(await get(photo.url), 'review url');
      expectPrivate(await get(photo.thumbUrl), 'review thumbnail');
    }
    for (const photo of photos) expectNotServed(await get(plain(adId, photo)), 'pending plain');
  });

  it('does not let a photo link open another photo, another ad, or a tampered one', async () => {
    const mine = await adWithPhotos(2);
    const other = await adWithPhotos(1);
    const [first, second] = await ownerPhotos(mine.adId);
    const [theirs] = await ownerPhotos(other.adId);
    if (!first || !second || !theirs) throw new Error('missing photos');
    const query = (url: string) => url.slice(url.indexOf('?'));
    expect(query(first.url)).toMatch(/^\?token=/);
    const attempts = {
      'another photo of the ad': plain(mine.adId, second) + query(first.url),
      'a photo of another ad': plain(other.adId, theirs) + query(first.url),
      'the same photo id under another ad': `/photos/${other.adId}/${first.photo_id}-1600.webp${query(first.url)}`,
      'a changed signature': first.url.replace(
        /\.(.)([\w-]+)$/,
        (_m, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`,
      ),
      'another scope': first.url.replace('token=owner.', 'token=staff.'),
      'a later expiry': first.url.replace(/\.(\d+)\./, (_m, n: string) => `.${Number(n) + 3600}.`),
      'no signature': plain(mine.adId, first) + '?token=',
      garbage: plain(mine.adId, first) + '?token=owner.x.y',
      'a file name that is no photo id': `/photos/${mine.adId}/${'-'.repeat(36)}-1600.webp`,
      'an ad id past any number': `/photos/999999999999999999/${first.photo_id}-1600.webp`,
    };
    for (const [what, url] of Object.entries(attempts)) expectNotServed(await get(url), what);
    // The untouched links still work.
    expectPrivate(await get(first.url), 'untouched');
    expectPrivate(await get(theirs.url), 'untouched, other ad');
  });

  it('shows the preview of an ad that is not public with photos its viewer can load', async () => {
    const { adId, photos } = await adWithPhotos(2);
    const link = await call(t.app, 'POST', `/api/post/${adId}/preview`, { headers: asOwner() });
    expect(link.status, link.text).toBe(200);
    const url = new URL(previewLinkSchema.parse(link.json).url);
    const page = await call(t.app, 'GET', `${url.pathname}${url.search}`, {
      headers: { host: url.host },
    });
    expect(page.status).toBe(200);
    const sources = [...page.text.matchAll(/<img src="([^"]+)"/g)].map((m) =>
      (m[1] ?? '').replaceAll('&amp;', '&'),
    );
    // The verification photo stays off the page; the other one shows and loads.
    expect(sources).toHaveLength(1);
    expect(sources[0]).toContain(photos[1]?.photo_id);
    expect(page.text).not.toContain(photos[0]?.photo_id);
    expectPrivate(await get(sources[0] ?? '', { host: url.host }), 'preview image');
    expectNotServed(await get(plain(adId, photos[1] as Photo), { host: url.host }), 'plain');
  });
});
