import { gzipSync } from 'node:zlib';
import { lifecycle, publicPageText } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const host = (city: string) => `${city}.localhost:3000`;

/** The details links of a city page, in the order shown. */
function listedIds(html: string): string[] {
  return [...html.matchAll(/<li><a href="\/en\/ads\/details\/(\d+)"/g)].map((m) => m[1] ?? '');
}

describe('the city page lists premium, then VIP, then free ads, page by page', () => {
  let t: TestApp;
  let owner: SignedIn;

  const page = (city: string, path = '/', headers: Record<string, string> = {}) =>
    call(t.app, 'GET', path, { headers: { host: host(city), ...headers } });

  /** A public ad in `city`, posted `minutesAgo`, of a type, premium until `premiumHours` from now. */
  async function publicAd(
    city: string,
    options: { minutesAgo?: number; type?: string; premiumHours?: number; title?: string } = {},
  ): Promise<string> {
    const ad = await createAd(t.app, {
      session: owner.token,
      type: options.type ?? 'free_verified',
      overrides: { city, ...(options.title ? { title: options.title } : {}) },
    });
    await makeAdPublic(t, ad.postId, { postedMinutesAgo: options.minutesAgo ?? 0 });
    if (options.premiumHours !== undefined) {
      await t.database.pool.query(
        `UPDATE ads SET premium_until = now() + make_interval(hours => $2::int) WHERE id = $1`,
        [ad.postId, options.premiumHours],
      );
    }
    return ad.postId;
  }

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'owner@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  it('orders premium (while it runs) > VIP > free: newest first within each with sort=newest, the same groups recommended', async () => {
    const freeOld = await publicAd('orlando', { minutesAgo: 10 });
    const freeNew = await publicAd('orlando', { minutesAgo: 5 });
    const vipOld = await publicAd('orlando', { type: 'paid', minutesAgo: 60 });
    const vipNew = await publicAd('orlando', { type: 'paid', minutesAgo: 1 });
    const premiumFree = await publicAd('orlando', { minutesAgo: 100, premiumHours: 24 });
    const premiumVip = await publicAd('orlando', { type: 'paid', minutesAgo: 30, premiumHours: 2 });
    // Premium that has run out counts as what the ad is underneath (free here).
    const premiumOver = await publicAd('orlando', { minutesAgo: 0, premiumHours: -1 });

    const newest = await page('orlando', '/?sort=newest');
    expect(newest.status).toBe(200);
    expect(listedIds(newest.text)).toEqual([
      premiumVip,
      premiumFree,
      vipNew,
      vipOld,
      premiumOver,
      freeNew,
      freeOld,
    ]);

    const res = await page('orlando');
    expect(res.status).toBe(200);
    const shown = listedIds(res.text);
    // The same groups in the same order; inside a group, the rotation decides.
    expect(shown.slice(0, 2).sort()).toEqual([premiumFree, premiumVip].sort());
    expect(shown.slice(2, 4).sort()).toEqual([vipNew, vipOld].sort());
    expect(shown.slice(4).sort()).toEqual([premiumOver, freeNew, freeOld].sort());
    expect(res.text).toContain(
      `<span class="badge premium">${publicPageText('en').premiumBadge}</span>`,
    );
    expect(res.text).toContain(`<span class="badge vip">${publicPageText('en').vipBadge}</span>`);
    // One page only: no pager.
    expect(res.text).not.toContain('class="pager"');
  });

  it(`shows ${lifecycle.cityPageSize} ads a page, with links to the next and previous pages`, async () => {
    const ids: string[] = [];
    for (let i = 0; i <= lifecycle.cityPageSize; i++) {
      ids.push(await publicAd('denver', { minutesAgo: i }));
    }
    const first = await page('denver');
    expect(listedIds(first.text)).toHaveLength(lifecycle.cityPageSize);
    expect(first.text).toContain(
      `<a rel="next" href="/en/?page=2">${publicPageText('en').nextPage}</a>`,
    );
    expect(first.text).not.toContain('rel="prev"');

    const second = await page('denver', '/?page=2');
    expect(second.status).toBe(200);
    // Every ad once, over the two pages.
    expect([...listedIds(first.text), ...listedIds(second.text)].sort()).toEqual([...ids].sort());
    expect(second.text).toContain(
      `<a rel="prev" href="/en/">${publicPageText('en').previousPage}</a>`,
    );
    expect(second.text).not.toContain('rel="next"');
    expect(second.text).toContain('<title>Companions in Denver, page 2 | Adboard Local</title>');
    // Where you are: page 2 of 2, the current page marked.
    expect(second.text).toContain('<span aria-current="page">2</span>');
    expect(second.text).toContain('<p class="count">Page 2 of 2</p>');
    expect(first.text).toContain('<span aria-current="page">1</span>');
    expect(second.text).toContain(
      '<link rel="canonical" href="http://denver.localhost:3000/en/?page=2">',
    );

    // A repeated parameter is harmless: the last one counts.
    expect(listedIds((await page('denver', '/?page=1&page=2')).text)).toEqual(
      listedIds(second.text),
    );
    for (const path of ['/?page=3', '/?page=0', '/?page=abc', '/?page=99999']) {
      const res = await page('denver', path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain(publicPageText('en').cityNotFoundText);
    }
  });

  it('says so when a city has no ads yet', async () => {
    const res = await page('fresno');
    expect(res.status).toBe(200);
    expect(res.text).toContain(publicPageText('en').cityEmpty);
  });
});

describe('public pages are cached briefly and validated with ETags', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'owner@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (city: string, url: string, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { headers: { host: host(city), ...headers } });

  async function publicAd(city: string): Promise<string> {
    const ad = await createAd(t.app, { session: owner.token, overrides: { city } });
    await makeAdPublic(t, ad.postId);
    return ad.postId;
  }

  it('answers 304 to a matching If-None-Match, on the city page and the details page', async () => {
    const id = await publicAd('boston');
    for (const url of ['/', `/ads/details/${id}`]) {
      const first = await get('boston', url);
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=30');
      expect(first.headers['referrer-policy']).toBe('same-origin');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await get('boston', url, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.etag).toBe(etag);
      const listed = await get('boston', url, { 'if-none-match': `"other", W/${etag}` });
      expect(listed.status).toBe(304);
      const stale = await get('boston', url, { 'if-none-match': '"something-else"' });
      expect(stale.status).toBe(200);
      expect(stale.text).toBe(first.text);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const id = await publicAd('boston');
    const get200 = await get('boston', `/ads/details/${id}`);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/ads/details/${id}`,
      headers: { host: host('boston') },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(get200.headers.etag);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('serves a page from memory for a few seconds, then shows an approval (within 5 s)', async () => {
    const first = await get('seattle', '/');
    expect(listedIds(first.text)).toEqual([]);
    const id = await publicAd('seattle');
    // Still the cached page: the database is not asked on every request.
    expect(listedIds((await get('seattle', '/')).text)).toEqual([]);
    const started = Date.now();
    let shown: string[] = [];
    while (Date.now() - started < 6_000) {
      shown = listedIds((await get('seattle', '/')).text);
      if (shown.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(shown).toEqual([id]);
    expect(Date.now() - started).toBeLessThan(5_500);
  });

  it('drops a cached page when an ad on it expires, before the cache time is up', async () => {
    const ad = await createAd(t.app, { session: owner.token, overrides: { city: 'houston' } });
    await makeAdPublic(t, ad.postId);
    await t.database.pool.query(
      `UPDATE ads SET expires_at = now() + interval '1500 milliseconds' WHERE id = $1`,
      [ad.postId],
    );
    expect((await get('houston', `/ads/details/${ad.postId}`)).status).toBe(200);
    expect(listedIds((await get('houston', '/')).text)).toEqual([ad.postId]);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect((await get('houston', `/ads/details/${ad.postId}`)).status).toBe(404);
    expect(listedIds((await get('houston', '/')).text)).toEqual([]);
  });

  it('keeps a details page well under its budget', async () => {
    const id = await publicAd('boston');
    const res = await get('boston', `/ads/details/${id}`);
    // The markup around the ad's own text and photos, with the brand's tokens and the
    // page's styles inline: see docs/api.md (page budget). Sent compressed.
    expect(Buffer.byteLength(res.text)).toBeLessThan(12 * 1024);
    expect(gzipSync(res.text).length).toBeLessThan(4 * 1024);
  });
});
