import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { adForm, countAds, createAd, expectErrorBody } from './support/ads.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

type Method = 'GET' | 'POST' | 'PATCH';

/** Every ad call with a body. */
const bodyCalls: [Method, string][] = [
  ['POST', '/api/posts'],
  ['PATCH', '/api/post'],
  ['POST', '/api/post/delete'],
  ['POST', '/validate/ad'],
  ['POST', '/api/verify/email'],
  ['POST', '/api/verify/phone'],
  ['POST', '/api/verify/phone-validate'],
  ['POST', '/api/event'],
];

describe('bad input never gets a 500: every 4xx is { success: false, error }', () => {
  let t: TestApp;
  let session: string;
  let adId: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, 'errors@example.com', 'a long enough passphrase'))
      .token;
    adId = (await createAd(t.app, { session })).postId;
  });
  afterAll(async () => {
    await t.close();
  });

  async function raw(method: Method, url: string, payload: string, contentType: string) {
    const request: InjectOptions = {
      method,
      url,
      headers: { host: 'localhost:3000', 'content-type': contentType, session },
      payload,
    };
    const res = await t.app.inject(request);
    let json: unknown = null;
    try {
      json = JSON.parse(res.body);
    } catch {
      json = null;
    }
    return { status: res.statusCode, headers: res.headers, json, text: res.body };
  }

  it.each([
    '/api/post/abc',
    '/api/post/-1',
    '/api/post/1.5',
    '/api/post/1e5',
    '/api/post/%00',
    '/api/post/99999999999999999999999',
    '/api/post/0',
    '/api/post/999999999999999999',
  ])('GET %s answers 400 or 404', async (url) => {
    const res = await call(t.app, 'GET', url, { headers: { session } });
    expect([400, 404]).toContain(res.status);
    expectErrorBody(res, res.status);
  });

  it.each(['abc', '-1', '99999999999999999999999'])(
    'POST /api/post/%s/submit answers 400 or 404',
    async (id) => {
      const res = await call(t.app, 'POST', `/api/post/${id}/submit`, { headers: { session } });
      expect([400, 404]).toContain(res.status);
      expectErrorBody(res, res.status);
    },
  );

  it.each(bodyCalls)('%s %s refuses a JSON array with 400', async (method, url) => {
    expectErrorBody(await call(t.app, method, url, { headers: { session }, body: [adForm] }), 400);
  });

  it.each(bodyCalls)(
    '%s %s refuses a JSON string, number and null with 400',
    async (method, url) => {
      for (const payload of ['"text"', '42', 'null']) {
        expectErrorBody(await raw(method, url, payload, 'application/json'), 400);
      }
    },
  );

  it.each(bodyCalls)('%s %s refuses broken JSON with 400', async (method, url) => {
    expectErrorBody(await raw(method, url, '{"name": ', 'application/json'), 400);
  });

  it.each(bodyCalls)('%s %s refuses a body that is not JSON with a 4xx', async (method, url) => {
    const res = await raw(method, url, 'name=Jade', 'application/x-www-form-urlencoded');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectErrorBody(res, res.status);
  });

  it('refuses fields of the wrong JSON type with 400 and stores nothing', async () => {
    const before = await countAds(t);
    for (const changes of [
      { name: ['Jade'] },
      { title: { text: 'x' } },
      { description: 42 },
      { age: { years: 25 } },
      { age: true },
      { age: null },
      { phone: 7022084567 },
      { country: ['US'] },
      { city: 12 },
      { ethnicity: 3 },
      { backlink: false },
      { type: ['free'] },
      { email: 7 },
    ]) {
      const res = await call(t.app, 'POST', '/api/posts', {
        headers: { session },
        body: { ...adForm, type: 'free_verified', ...changes },
      });
      expectErrorBody(res, 400);
    }
    expect(await countAds(t)).toBe(before);
  });

  it('refuses a PATCH or delete whose id is missing or not a number with 400', async () => {
    expectErrorBody(
      await call(t.app, 'PATCH', '/api/post', { headers: { session }, body: { ...adForm } }),
      400,
    );
    expectErrorBody(
      await call(t.app, 'PATCH', '/api/post', {
        headers: { session },
        body: { ...adForm, post_id: { $gt: 0 } },
      }),
      400,
    );
    expectErrorBody(
      await call(t.app, 'POST', '/api/post/delete', {
        headers: { session },
        body: { postId: 'x' },
      }),
      400,
    );
    expectErrorBody(
      await call(t.app, 'POST', '/api/post/delete', { headers: { session }, body: {} }),
      400,
    );
  });

  it('survives an oversized edit-token header', async () => {
    const res = await call(t.app, 'GET', `/api/post/${adId}`, {
      headers: { 'edit-token': 'x'.repeat(5_000) },
    });
    expectErrorBody(res, 403);
  });

  it('answers unknown ad paths with a JSON 404', async () => {
    expectErrorBody(await call(t.app, 'GET', '/api/post'), 404);
    expectErrorBody(await call(t.app, 'GET', '/validate/ad'), 404);
  });
});
