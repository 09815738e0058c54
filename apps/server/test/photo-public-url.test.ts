import { previewLinkSchema, type Photo } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd, credentials } from './support/ads.js';
import { makeAdPublic, signedInWithRole } from './support/moderation.js';
import { addPhotos, addVerificationPhoto, sceneJpeg } from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const APP = 'localhost:3000';
const VEGAS = 'las-vegas.localhost:3000';
/** A CDN whose origin is the site: it asks `{site}/photos/{key}` for `{base}/{key}`. */
const CDN = 'https://cdn.photos-example.test/photos';

/**
 * PHOTO_PUBLIC_URL: the public pages load a public ad's photos from a CDN in front of
 * the site's /photos path. Nothing that is not public is ever linked there, and what
 * the CDN asks the site for is answered only while the photo is public.
 */
describe('public photos served from PHOTO_PUBLIC_URL', () => {
  let t: TestApp;
  let owner: SignedIn;
  let moderator: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), env: { PHOTO_PUBLIC_URL: `${CDN}/` } });
    owner = await registerVerified(t.app, 'cdn-owner@example.com', 'a long enough passphrase');
    moderator = await signedInWithRole(t, 'cdn-mod@example.com', 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const asOwner = () => credentials({ session: owner.token });
  const key = (adId: string, photo: Photo, width: number) =>
    `${adId}/${photo.photo_id}-${width}.webp`;
  /** What the CDN asks the site for when a browser asks it for `{CDN}/{key}`. */
  const originPath = (url: string) => {
    expect(url.startsWith(`${CDN}/`), url).toBe(true);
    return `/photos/${url.slice(CDN.length + 1)}`;
  };
  const get = async (url: string, host = APP) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host } });
    return { status: res.statusCode, headers: res.headers, text: res.body };
  };
  /** Every image address a page links: src, srcset candidates and og:image. */
  const imageUrls = (html: string) => [
    ...[...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/srcset="([^"]+)"/g)].flatMap((m) =>
      (m[1] ?? '').split(', ').map((candidate) => candidate.split(' ')[0] ?? ''),
    ),
    ...[...html.matchAll(/<meta property="og:image" content="([^"]+)"/g)].map((m) => m[1] ?? ''),
  ];

  /** A public, free verified ad: its verification photo and one public photo. */
  async function publicAd(): Promise<{ adId: string; sign: Photo; shown: Photo }> {
    const ad = await createAd(t.app, { session: owner.token });
    const [sign] = await addVerificationPhoto(
      t.app,
      ad.postId,
      { name: 'sign.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 300, 200) },
      asOwner(),
    );
    const photos = await addPhotos(
      t.app,
      ad.postId,
      [{ name: 'shown.jpg', type: 'image/jpeg', data: await sceneJpeg('b', 1200, 800) }],
      asOwner(),
    );
    const shown = photos.find((p) => !p.verification);
    if (!sign || !shown) throw new Error('missing photos');
    await makeAdPublic(t, ad.postId);
    return { adId: ad.postId, sign, shown };
  }

  it('links a public ad’s photos at the CDN on the public pages, and lets the pages load them', async () => {
    const { adId, sign, shown } = await publicAd();
    const page = await get(`/ads/details/${adId}`, VEGAS);
    expect(page.status).toBe(200);
    const urls = imageUrls(page.text);
    expect(urls).toContain(`${CDN}/${key(adId, shown, 1600)}`);
    expect(urls).toContain(`${CDN}/${key(adId, shown, 800)}`);
    expect(urls).toContain(`${CDN}/${key(adId, shown, 400)}`);
    for (const url of urls) expect(url.startsWith(`${CDN}/`), url).toBe(true);
    expect(page.text).not.toContain(sign.photo_id);
    // The page's policy lets images come from there.
    expect(page.headers['content-security-policy']).toMatch(
      /img-src 'self' data: blob: https:\/\/cdn\.photos-example\.test[;]/,
    );

    const city = await get('/', VEGAS);
    expect(city.status).toBe(200);
    expect(imageUrls(city.text)).toContain(`${CDN}/${key(adId, shown, 400)}`);
    for (const url of imageUrls(city.text)) expect(url.startsWith(`${CDN}/`), url).toBe(true);

    // What the CDN asks the site: answered while public, to be kept as briefly as the page,
    // and loadable on the pages' hosts from the CDN's.
    for (const url of urls) {
      const file = await get(originPath(url));
      expect(file.status, url).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=30, must-revalidate');
      expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('never links a photo that is not public at the CDN, and the CDN gets nothing for it', async () => {
    const { adId, sign, shown } = await publicAd();
    // The verification photo is never public: the CDN's request for it is refused.
    const signAtCdn = await get(originPath(`${CDN}/${key(adId, sign, 1600)}`));
    expect(signAtCdn.status).toBe(404);
    expect(signAtCdn.headers['cache-control']).toBe('no-store');

    // Owners and moderators load every photo through the site's own signed links.
    const mine = await call(t.app, 'GET', `/api/post/${adId}`, { headers: asOwner() });
    for (const photo of (mine.json as { photos: Photo[] }).photos) {
      expect(photo.url).toMatch(/^\/photos\/.+\?token=owner\./);
      const file = await get(photo.url);
      expect(file.status).toBe(200);
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.headers['cross-origin-resource-policy']).toBe('same-site');
    }
    const review = await call(t.app, 'GET', `/api/admin/posts/${adId}`, {
      headers: { session: moderator.token },
    });
    expect(review.status, review.text).toBe(200);
    expect(review.text).not.toContain(CDN);

    // The preview of an ad that is not public: signed links, never the CDN.
    await t.database.pool.query(`UPDATE ads SET status = 'pending' WHERE id = $1`, [adId]);
    const link = await call(t.app, 'POST', `/api/post/${adId}/preview`, { headers: asOwner() });
    expect(link.status, link.text).toBe(200);
    const preview = new URL(previewLinkSchema.parse(link.json).url);
    const previewPage = await get(`${preview.pathname}${preview.search}`, preview.host);
    expect(previewPage.status).toBe(200);
    expect(previewPage.text).toContain(shown.photo_id);
    expect(previewPage.text).not.toContain(CDN);

    // Under review now: what the CDN asks for its once-public photo is refused, uncached.
    const gone = await get(originPath(`${CDN}/${key(adId, shown, 1600)}`));
    expect(gone.status).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
  });

  it('stops answering the CDN for a rejected ad’s photos at once', async () => {
    const { adId, shown } = await publicAd();
    const atCdn = originPath(`${CDN}/${key(adId, shown, 800)}`);
    expect((await get(atCdn)).status).toBe(200);
    const rejected = await call(t.app, 'POST', `/api/admin/posts/${adId}/reject`, {
      headers: { session: moderator.token },
      body: { code: 'verification_photo', reason: 'The sign has no date.' },
    });
    expect(rejected.status, rejected.text).toBe(200);
    const refused = await get(atCdn);
    expect(refused.status).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
