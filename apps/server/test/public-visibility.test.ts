import { publicPageText } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adForm, createAd } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { addPhotos, addVerificationPhoto, jpegFile } from './support/photos.js';
import { pageContent } from './support/public-page.js';
import { call, createTestApp, makeWebDist, type TestApp } from './support/test-app.js';

const VEGAS = 'las-vegas.localhost:3000';

describe('public pages show an ad only while it is approved, unexpired, undeleted and owned', () => {
  let t: TestApp;
  let owner: SignedIn;
  let banned: SignedIn;
  /** One ad per state, all in Las Vegas on the local site. */
  const ids: Record<string, string> = {};
  let verificationPhotoId = '';

  const page = (path: string, host = VEGAS) => call(t.app, 'GET', path, { headers: { host } });
  const sql = (text: string, values: unknown[]) => t.database.pool.query(text, values);

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), webDist: await makeWebDist() });
    owner = await registerVerified(t.app, 'owner@example.com', 'a long enough passphrase');
    banned = await registerVerified(t.app, 'banned@example.com', 'another long passphrase');
    const make = async (label: string, options: Parameters<typeof createAd>[1] = {}) => {
      const ad = await createAd(t.app, {
        session: owner.token,
        ...options,
        overrides: { title: `Ad in state ${label}`, ...options.overrides },
      });
      ids[label] = ad.postId;
      return ad.postId;
    };

    const active = await make('active');
    // The verification photo of a free verified ad (its own slot): never public.
    await addVerificationPhoto(t.app, active, await jpegFile('sign.jpg'), {
      session: owner.token,
    });
    const uploaded = await addPhotos(t.app, active, [await jpegFile('first.jpg', [20, 120, 200])], {
      session: owner.token,
    });
    verificationPhotoId = uploaded.find((p) => p.verification)?.photo_id ?? 'missing';
    await makeAdPublic(t, active);

    await make('incomplete');
    await sql(`UPDATE ads SET status = 'pending', submitted_at = now() WHERE id = $1`, [
      await make('pending'),
    ]);
    const rejected = await make('rejected');
    await makeAdPublic(t, rejected);
    await sql(`UPDATE ads SET status = 'rejected', approved = false WHERE id = $1`, [rejected]);
    await make('payment_pending', { type: 'paid' });
    const expired = await make('expired');
    await makeAdPublic(t, expired, { expiresInDays: -1 });
    await sql(`UPDATE ads SET status = 'expired' WHERE id = $1`, [expired]);
    // The expiry job has not run yet: still 'active', but its time is up.
    await makeAdPublic(t, await make('activePastExpiry'), { expiresInDays: -1 });
    const deleted = await make('deleted');
    await makeAdPublic(t, deleted);
    expect(
      (
        await call(t.app, 'POST', '/api/post/delete', {
          headers: { session: owner.token },
          body: { postId: deleted },
        })
      ).status,
    ).toBe(200);
    // A number of its own: once its owner is banned, nobody may post with it again.
    const bannedAd = await make('bannedOwner', {
      session: banned.token,
      overrides: { phone: '702-208-4523' },
    });
    await makeAdPublic(t, bannedAd);
    await sql('UPDATE users SET banned_at = now() WHERE id = $1', [banned.userId]);
    const anonymous = await createAd(t.app, {
      email: 'anonymous@example.com',
      overrides: { title: 'Ad in state anonymous' },
    });
    ids.anonymous = anonymous.postId;
    await makeAdPublic(t, anonymous.postId);
    // Approved but without an expiry yet (a paid ad before its time starts): public.
    const noExpiry = await make('noExpiry');
    await makeAdPublic(t, noExpiry);
    await sql('UPDATE ads SET expires_at = NULL WHERE id = $1', [noExpiry]);
  });
  afterAll(async () => {
    await t.close();
  });

  const hidden = [
    'incomplete',
    'pending',
    'rejected',
    'payment_pending',
    'expired',
    'activePastExpiry',
    'deleted',
    'bannedOwner',
    'anonymous',
  ];

  it('shows an approved ad on its details page, with its fields, photos and report form', async () => {
    const res = await page(`/ads/details/${ids.active}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<h1>Ad in state active</h1>');
    expect(res.text).toContain('<strong>discreet</strong>');
    for (const text of ['Jade', '25', 'Asian', 'Hotel', 'Hotel or residence', 'Las Vegas, NV']) {
      expect(res.text).toContain(`<dd>${text}</dd>`);
    }
    // Dialled in E.164, read as a US number.
    expect(res.text).toContain('href="tel:+17022084567"');
    expect(res.text).toContain('(702) 208-4567');
    // The default contact is the phone alone: the owner's email only when chosen.
    expect(res.text).not.toContain('owner@example.com');
    expect(pageContent(res.text).match(/<img /g)).toHaveLength(1);
    expect(res.text).toMatch(new RegExp(`<img src="/photos/${ids.active}/[\\w-]+-1600\\.webp"`));
    expect(verificationPhotoId).not.toBe('missing');
    expect(res.text).not.toContain(verificationPhotoId);
    expect(res.text).toContain(`action="/en/ads/details/${ids.active}/report#report"`);
    expect(res.text).toContain(publicPageText('en').reportTitle);
    expect(res.text).not.toContain(publicPageText('en').previewBanner);
    // No script of any kind: the page is read without JavaScript.
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).toContain('<title>Ad in state active | Las Vegas | Adboard Local</title>');
    // The search snippet names the ad, age and city: never the description's words.
    expect(res.text).toContain(
      '<meta name="description" content="Ad in state active: 25 years, Las Vegas, NV. An ad reviewed by a moderator on Adboard Local.">',
    );
    // Open Graph with the public photo, never the verification photo.
    expect(res.text).toMatch(
      new RegExp(
        `<meta property="og:image" content="http://las-vegas\\.localhost:3000/photos/${ids.active}/[\\w-]+-1600\\.webp">`,
      ),
    );
    // The photo reserves its room (no layout shift), and the browser picks its width.
    expect(res.text).toMatch(
      /<img src="[^"]+" srcset="[^"]+ \d+w" sizes="[^"]+" alt="[^"]*" width="\d+" height="\d+"/,
    );
    expect(res.text).toContain(
      `<link rel="canonical" href="http://las-vegas.localhost:3000/en/ads/details/${ids.active}">`,
    );
  });

  it('shows the photo it links, from the same city host', async () => {
    const res = await page(`/ads/details/${ids.active}`);
    const src = /<img src="([^"]+)"/.exec(res.text)?.[1] ?? '';
    const photo = await t.app.inject({ method: 'GET', url: src, headers: { host: VEGAS } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
  });

  it('shows an approved ad without an expiry yet', async () => {
    expect((await page(`/ads/details/${ids.noExpiry}`)).status).toBe(200);
  });

  it.each(hidden)('answers the 404 page for an ad that is %s', async (state) => {
    const res = await page(`/ads/details/${ids[state]}`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(publicPageText('en').notFoundTitle);
    expect(res.text).toContain(publicPageText('en').notFoundText);
    expect(res.text).not.toContain(`Ad in state ${state}`);
    expect(res.text).toContain('<meta name="robots" content="noindex">');
  });

  it('lists only the public ads on the city page', async () => {
    const res = await page('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain(
      `<h1>${publicPageText('en').cityHeading({ city: 'Las Vegas' })}</h1>`,
    );
    expect(res.text).toContain(`href="/en/ads/details/${ids.active}"`);
    expect(res.text).toContain(`href="/en/ads/details/${ids.noExpiry}"`);
    for (const state of hidden) {
      expect(res.text).not.toContain(`href="/en/ads/details/${ids[state]}"`);
      expect(res.text).not.toContain(`Ad in state ${state}<`);
    }
    expect(res.text).toMatch(new RegExp(`<img src="/photos/${ids.active}/[\\w-]+-400\\.webp"`));
    expect(res.text).not.toContain(verificationPhotoId);
    expect(res.text).toContain('<title>Companions in Las Vegas | Adboard Local</title>');
    expect(res.text).not.toMatch(/<script/i);
  });

  it('answers a 404 page for an ad, or a city page, of another city or another site', async () => {
    const otherCity = await page(`/ads/details/${ids.active}`, 'orlando.localhost:3000');
    expect(otherCity.status).toBe(404);
    expect(otherCity.text).toContain(publicPageText('en').notFoundText);
    const otherSite = await page(`/ads/details/${ids.active}`, 'las-vegas.velvetboard.example');
    expect(otherSite.status).toBe(404);
    const otherSiteCity = await page('/', 'las-vegas.velvetboard.example');
    expect(otherSiteCity.status).toBe(200);
    expect(otherSiteCity.text).not.toContain(`/ads/details/${ids.active}`);
    expect(otherSiteCity.text).toContain('<title>Companions in Las Vegas | Velvet Board</title>');
    expect(otherSiteCity.text).toContain(publicPageText('en').cityEmpty);
  });

  it('answers the 404 page on a host whose city does not exist, and for a malformed id', async () => {
    const city = await page('/', 'atlantis.localhost:3000');
    expect(city.status).toBe(404);
    expect(city.text).toContain(publicPageText('en').cityNotFoundText);
    for (const path of [
      '/ads/details/abc',
      '/ads/details/0',
      '/ads/details/99999999999999999999',
    ]) {
      const res = await page(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain(publicPageText('en').notFoundText);
    }
  });

  it('leaves the app host alone: its paths fall through to the browser app', async () => {
    for (const path of ['/', `/ads/details/${ids.active}`]) {
      const res = await page(path, 'localhost:3000');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).not.toContain('Ad in state active');
    }
    const report = await call(t.app, 'POST', `/ads/details/${ids.active}/report`, {
      body: { reason: 'scam' },
    });
    expect(report.status).toBe(404);
    expect(report.json).toMatchObject({ success: false });
  });

  it('keeps the API working on a city host', async () => {
    const res = await page('/api/site');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: 'local' });
  });
});

describe('every field but the sanitised description is printed as text', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a <script> in the title, name or email as text and the description as sanitised', async () => {
    const owner = await registerVerified(t.app, 'xss@example.com', 'a long enough passphrase');
    const ad = await createAd(t.app, {
      session: owner.token,
      overrides: {
        description: `${adForm.description}<script>alert(1)</script><img src=x onerror=alert(2)>`,
      },
    });
    await makeAdPublic(t, ad.postId);
    // Stored values a form would not let through, to prove the page escapes on its own.
    await t.database.pool.query(
      `UPDATE ads SET title = $2, name = $3, email = $4, phone = $5 WHERE id = $1`,
      [
        ad.postId,
        '<script>alert("t")</script> & "quotes"',
        '<b onmouseover=x>Jade</b>',
        'x"><script>@example.com',
        '"><script>',
      ],
    );
    const res = await call(t.app, 'GET', `/ads/details/${ad.postId}`, {
      headers: { host: VEGAS },
    });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).not.toContain('onerror');
    expect(res.text).not.toContain('<b onmouseover');
    expect(res.text).toContain(
      '<h1>&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;</h1>',
    );
    expect(res.text).toContain('<dd>&lt;b onmouseover=x&gt;Jade&lt;/b&gt;</dd>');
    expect(res.text).toContain('<p>Friendly and <strong>discreet</strong>.</p>');

    const city = await call(t.app, 'GET', '/', { headers: { host: VEGAS } });
    expect(city.text).not.toMatch(/<script/i);
    expect(city.text).toContain('&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;');
  });
});
