import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { addPhotos, addVerificationPhoto, jpegFile } from './support/photos.js';
import { pageContent } from './support/public-page.js';
import { call, createTestApp, makeWebDist, type TestApp } from './support/test-app.js';

const VEGAS = 'las-vegas.localhost:3000';
const VELVET_VEGAS = 'las-vegas.velvetboard.example';

describe('robots.txt, sitemap.xml and the photo cards of the public pages', () => {
  let t: TestApp;
  let owner: SignedIn;
  const ids = { gallery: '', signOnly: '', elsewhere: '', velvet: '', hidden: '' };

  const get = (path: string, host: string, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', path, { headers: { host, ...headers } });

  async function ad(title: string, city = 'las-vegas'): Promise<string> {
    const created = await createAd(t.app, {
      session: owner.token,
      overrides: { title, city },
    });
    return created.postId;
  }

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), webDist: await makeWebDist() });
    owner = await registerVerified(t.app, 'owner@example.com', 'a long enough passphrase');
    // A free verified ad: its verification photo (its own slot) is never public.
    ids.gallery = await ad('Three photos here');
    await addVerificationPhoto(t.app, ids.gallery, await jpegFile('sign.jpg'), {
      session: owner.token,
    });
    await addPhotos(
      t.app,
      ids.gallery,
      [
        await jpegFile('a.jpg', [200, 40, 40]),
        await jpegFile('b.jpg', [40, 200, 40]),
        await jpegFile('c.jpg', [40, 40, 200]),
      ],
      { session: owner.token },
    );
    ids.signOnly = await ad('Only the sign photo');
    await addVerificationPhoto(t.app, ids.signOnly, await jpegFile('sign.jpg', [90, 90, 90]), {
      session: owner.token,
    });
    ids.elsewhere = await ad('In Denver', 'denver');
    ids.velvet = await ad('A Velvet Board ad');
    ids.hidden = await ad('Not approved yet');
    for (const id of [ids.gallery, ids.signOnly, ids.elsewhere, ids.velvet]) {
      await makeAdPublic(t, id);
    }
    await t.database.pool.query(`UPDATE ads SET site_id = 'velvet' WHERE id = $1`, [ids.velvet]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers robots.txt as text on every host: city hosts open, the app host open but for tokens, console and API', async () => {
    const city = await get('/robots.txt', VEGAS);
    expect(city.status).toBe(200);
    expect(city.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(city.headers['cache-control']).toBe('public, max-age=30');
    for (const line of [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /edit-post',
      'Disallow: /posts',
      'Disallow: /*preview=',
      'Sitemap: http://las-vegas.localhost:3000/sitemap.xml',
    ]) {
      expect(city.text.split('\n')).toContain(line);
    }
    const again = await get('/robots.txt', VEGAS, { 'if-none-match': String(city.headers.etag) });
    expect(again.status).toBe(304);

    const velvet = await get('/robots.txt', VELVET_VEGAS);
    expect(velvet.text).toContain('Sitemap: https://las-vegas.velvetboard.example/sitemap.xml');

    for (const host of ['localhost:3000', 'post.velvetboard.example']) {
      const app = await get('/robots.txt', host);
      expect(app.status).toBe(200);
      expect(app.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(app.text.split('\n')).toEqual(
        expect.arrayContaining([
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /admin',
          'Disallow: /activate',
          'Disallow: /resetpassword',
        ]),
      );
      expect(app.text).not.toContain('Sitemap:');
    }
  });

  it("lists a city host's page and its own public ads in its sitemap, nothing of other brands or cities", async () => {
    const res = await get('/sitemap.xml', VEGAS);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // Each page at its address in every language (issue 30).
    expect(locs.slice(0, 3)).toEqual(
      ['en', 'fr', 'es'].map((prefix) => `http://las-vegas.localhost:3000/${prefix}/`),
    );
    expect(locs.slice(3).sort()).toEqual(
      [ids.gallery, ids.signOnly]
        .flatMap((id) =>
          ['en', 'fr', 'es'].map(
            (prefix) => `http://las-vegas.localhost:3000/${prefix}/ads/details/${id}`,
          ),
        )
        .sort(),
    );
    expect(
      await get('/sitemap.xml', VEGAS, { 'if-none-match': String(res.headers.etag) }),
    ).toMatchObject({ status: 304 });

    const velvet = await get('/sitemap.xml', VELVET_VEGAS);
    expect(velvet.text).toContain(
      `https://las-vegas.velvetboard.example/fr/ads/details/${ids.velvet}</loc>`,
    );
    expect(velvet.text).not.toContain(`/ads/details/${ids.gallery}<`);
    expect(velvet.text).not.toContain('localhost');
  });

  it("indexes on the app host the sitemaps of the site's cities with public ads", async () => {
    const res = await get('/sitemap.xml', 'localhost:3000');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.text).toContain('<sitemapindex');
    expect(res.text).toContain('<loc>http://denver.localhost:3000/sitemap.xml</loc>');
    expect(res.text).toContain('<loc>http://las-vegas.localhost:3000/sitemap.xml</loc>');
    const velvet = await get('/sitemap.xml', 'post.velvetboard.example');
    expect(velvet.text).toContain('<loc>https://las-vegas.velvetboard.example/sitemap.xml</loc>');
    expect(velvet.text).not.toContain('denver');
  });

  it('shows three public photos as a gallery without script, sized, never the verification photo', async () => {
    const res = await get(`/ads/details/${ids.gallery}`, VEGAS);
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text.match(/<figure id="photo-\d">/g)).toHaveLength(3);
    expect(res.text.match(/<a href="#photo-\d"/g)).toHaveLength(3);
    const images = pageContent(res.text).match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(6);
    for (const img of images) expect(img).toMatch(/ width="\d+" height="\d+"/);
    const photos = await t.database.pool.query<{ id: string; is_verification: boolean }>(
      'SELECT id, is_verification FROM photos WHERE ad_id = $1',
      [ids.gallery],
    );
    for (const photo of photos.rows) {
      expect(res.text.includes(photo.id)).toBe(!photo.is_verification);
    }
  });

  it('shows a placeholder, not an empty card, for an ad whose only photo is the verification photo', async () => {
    const details = await get(`/ads/details/${ids.signOnly}`, VEGAS);
    expect(pageContent(details.text)).not.toContain('<img');
    expect(details.text).not.toContain('og:image');
    expect(details.text).toContain('<div class="ph nophoto" role="img"');
    expect(details.text).toContain('<span aria-hidden="true">Only the sign photo</span>');

    const city = await get('/', VEGAS);
    const card = new RegExp(
      `<li><a href="/en/ads/details/${ids.signOnly}"><span class="ph" role="img"[^>]*><b aria-hidden="true">O</b>`,
    );
    expect(city.text).toMatch(card);
    // Every image of the city page reserves its room.
    for (const img of city.text.match(/<img [^>]*>/g) ?? []) {
      expect(img).toMatch(/ width="\d+" height="\d+"/);
    }
    expect(city.text).toContain(
      '<a class="btn" href="http://localhost:3000/edit-post">Post an ad</a>',
    );
    expect(city.text).toContain('<li><a href="http://localhost:3000">Adboard Local</a></li>');
    // No ISO date for readers.
    const visible = city.text.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<[^>]*>/g, ' ');
    expect(visible).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(visible).toContain('Posted today');
  });
});
