import { adOptionsText, publicPageText } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const VEGAS = 'las-vegas.localhost:3000';
const MONTREAL = 'montreal.localhost:3000';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const en = publicPageText('en');
const fr = publicPageText('fr-CA');
const es = publicPageText('es');

describe('the public pages in three languages (issue 30)', () => {
  let t: TestApp;
  let owner: SignedIn;
  let vegasAd: string;
  let montrealAd: string;

  const get = (host: string, path: string, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', path, { headers: { host, ...headers } });

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'owner@example.com', 'a long enough passphrase');
    vegasAd = (await createAd(t.app, { session: owner.token })).postId;
    await makeAdPublic(t, vegasAd);
    montrealAd = (
      await createAd(t.app, {
        session: owner.token,
        overrides: { country: 'CA', city: 'montreal', phone: '514-398-4567' },
      })
    ).postId;
    await makeAdPublic(t, montrealAd);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers each language at its prefix, the same for every reader, and keeps it in the links', async () => {
    for (const [prefix, language, m] of [
      ['fr', 'fr-CA', fr],
      ['es', 'es', es],
      ['en', 'en', en],
    ] as const) {
      // Whatever the browser prefers: the address has chosen.
      const res = await get(VEGAS, `/${prefix}/`, { 'accept-language': 'de, en;q=0.5' });
      expect(res.status).toBe(200);
      expect(res.text).toMatch(new RegExp(`^<!doctype html><html lang="${language}">`));
      expect(res.text).toContain(`>${m.postAd}</a>`);
      expect(res.headers['content-language']).toBe(language);
      expect(String(res.headers.vary ?? '')).not.toMatch(/accept-language/i);
      expect(res.text).toContain(`<li><a href="/${prefix}/ads/details/${vegasAd}">`);
      expect(res.text).toContain(`<link rel="canonical" href="http://${VEGAS}/${prefix}/">`);
      expect(res.text).toContain(
        `<link rel="alternate" hreflang="x-default" href="http://${VEGAS}/">`,
      );

      const ad = await get(VEGAS, `/${prefix}/ads/details/${vegasAd}`);
      expect(ad.status).toBe(200);
      expect(ad.text).toContain(`<h2>${m.reportTitle}</h2>`);
      // The ad's own choices and contacts in the page's words.
      const words = adOptionsText(language);
      expect(ad.text).toContain(`>${words.contacts.call}<small>`);
      expect(ad.text).toContain(`<dd>${words.ethnicity.asian}</dd>`);
      expect(ad.text).toContain(`>${words.reportReasons.underage}</option>`);
      expect(ad.text).toContain(`action="/${prefix}/ads/details/${vegasAd}/report#report"`);
    }
    // '/fr' without its slash is the French city page too.
    expect((await get(VEGAS, '/fr')).text).toContain('<html lang="fr-CA">');
    // An unknown ad is the 404 page in the address's language.
    const missing = await get(VEGAS, '/es/ads/details/999999');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain(`<h1>${es.notFoundTitle}</h1>`);
  });

  it("answers the reader's language at the address without a prefix: the browser's among the three, else the brand's", async () => {
    const spanish = await get(VEGAS, '/', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
    expect(spanish.text).toContain('<html lang="es">');
    expect(spanish.headers['content-language']).toBe('es');
    // Shared caches keep one answer per language.
    expect(String(spanish.headers.vary)).toMatch(/accept-language/i);
    expect(String(spanish.headers.vary)).toMatch(/cookie/i);
    expect(spanish.text).toContain(`<link rel="canonical" href="http://${VEGAS}/es/">`);

    const french = await get(VEGAS, `/ads/details/${vegasAd}`, { 'accept-language': 'fr-FR' });
    expect(french.text).toContain('<html lang="fr-CA">');
    // From the cache too, each reader gets their own language.
    const english = await get(VEGAS, `/ads/details/${vegasAd}`, { 'accept-language': 'de-DE' });
    expect(english.text).toContain('<html lang="en">');
    expect((await get(VEGAS, `/ads/details/${vegasAd}`)).text).toContain('<html lang="en">');
  });

  it("answers French first on a Quebec city's pages, whatever the browser, until the reader chooses", async () => {
    const browsers: Record<string, string>[] = [{}, { 'accept-language': 'en-CA,en;q=0.9' }];
    for (const headers of browsers) {
      const page = await get(MONTREAL, '/', headers);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html lang="fr-CA">');
      expect(page.text).toContain(`>${fr.postAd}</a>`);
      const ad = await get(MONTREAL, `/ads/details/${montrealAd}`, headers);
      expect(ad.text).toContain('<html lang="fr-CA">');
    }
    // English is one tap away, as prominent in the menu, and stays chosen.
    const page = await get(MONTREAL, '/');
    expect(page.text).toContain(
      '<a lang="en" hreflang="en" href="/language/en?next=%2F" rel="nofollow">English</a>',
    );
    const chosen = await get(MONTREAL, '/', { cookie: 'lang=en' });
    expect(chosen.text).toContain('<html lang="en">');
    expect(chosen.text).toContain(`>${en.postAd}</a>`);
    // A cookie naming no language of ours is no choice.
    expect((await get(MONTREAL, '/', { cookie: 'lang=de' })).text).toContain('<html lang="fr-CA">');
  });

  it("keeps the menu's choice in a cookie and goes back to the same page in that language, never elsewhere", async () => {
    const res = await get(
      MONTREAL,
      `/language/es?next=${encodeURIComponent(`/ads/details/${montrealAd}`)}`,
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/es/ads/details/${montrealAd}`);
    expect(String(res.headers['set-cookie'])).toMatch(
      /^lang=es; Path=\/; Max-Age=31536000; SameSite=Lax/,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const away = await get(MONTREAL, `/language/fr?next=${encodeURIComponent(next)}`);
      expect(away.headers.location).toBe('/fr/');
    }
    // Only our languages, and only on a city host.
    expect((await get(MONTREAL, '/language/de?next=%2F')).status).toBe(404);
    expect((await get('localhost:3000', '/language/fr?next=%2F')).headers.location).toBeUndefined();
  });

  it('answers the report form in the language it was posted in', async () => {
    const res = await call(t.app, 'POST', `/fr/ads/details/${vegasAd}/report`, {
      headers: { host: VEGAS, ...FORM },
      body: new URLSearchParams({ reason: 'scam', details: '' }).toString(),
      remoteAddress: '203.0.113.40',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/fr/ads/details/${vegasAd}?reported=1#report`);
    const thanks = await get(VEGAS, String(res.headers.location).replace(/#.*/, ''));
    expect(thanks.text).toContain(fr.reportThanks);

    const refused = await call(t.app, 'POST', `/es/ads/details/${vegasAd}/report`, {
      headers: { host: VEGAS, ...FORM },
      body: new URLSearchParams({ reason: 'not-a-reason' }).toString(),
      remoteAddress: '203.0.113.41',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('<html lang="es">');
  });

  it('lists every page in each language in the sitemap', async () => {
    const res = await get(MONTREAL, '/sitemap.xml');
    for (const prefix of ['en', 'fr', 'es']) {
      expect(res.text).toContain(`<loc>http://${MONTREAL}/${prefix}/</loc>`);
      expect(res.text).toContain(
        `<loc>http://${MONTREAL}/${prefix}/ads/details/${montrealAd}</loc>`,
      );
    }
  });
});
