import os from 'node:os';
import { catalogueAreas, messagesOf } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskPhotoStorage } from '../src/adapters/storage/disk-photo-storage.js';
import { relaxedLimiter } from './support/accounts.js';
import { call, createTestApp, makeWebDist, type TestApp } from './support/test-app.js';
import { productionEnv } from './support/production-env.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

type Response = Awaited<ReturnType<typeof call>>;

function expectSecurityHeaders(res: Response) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values]),
  );
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
  expect(scriptSrc).toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('HTTP basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist: await makeWebDist(), limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /livez answers 200', async () => {
    const res = await call(t.app, 'GET', '/livez');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
  });

  it('GET /readyz answers 200 when the database is migrated, naming each dependency', async () => {
    const res = await call(t.app, 'GET', '/readyz');
    expect(res.status).toBe(200);
    // No REDIS_URL here: Redis is not named.
    expect(res.json).toEqual({ ok: true, database: 'ok', storage: 'ok' });
  });

  it('GET /readyz stays 200 with the photo storage down, naming it', async () => {
    const broken = await createTestApp({
      storage: {
        ...createDiskPhotoStorage(os.tmpdir()),
        probe: async () => {
          throw new Error('storage unreachable');
        },
      },
    });
    try {
      const res = await call(broken.app, 'GET', '/readyz');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ ok: true, database: 'ok', storage: 'down' });
    } finally {
      await broken.close();
    }
  });

  it('GET /readyz answers 503 while the database does not answer, /livez still 200', async () => {
    const cut = await createTestApp();
    // The app's pool can no longer reach its database (as when PostgreSQL is down).
    const query = cut.database.pool.query.bind(cut.database.pool);
    cut.database.pool.query = (() =>
      Promise.reject(new Error('connect ECONNREFUSED'))) as unknown as typeof query;
    try {
      const res = await call(cut.app, 'GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ ok: false, database: 'down', storage: 'ok' });
      expect((await call(cut.app, 'GET', '/livez')).status).toBe(200);
    } finally {
      cut.database.pool.query = query;
      await cut.close();
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const url of ['/api/whatever', '/api/user/nothing?x=1', '/api']) {
      const res = await call(t.app, 'GET', url);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json).toEqual({ success: false, error: answersEn.http.notFound });
    }
    const ad = await call(t.app, 'POST', '/api/whatever', { body: { a: 1 } });
    expect(ad.status).toBe(404);
    expect(ad.json).toEqual({ success: false, error: answersEn.http.notFound });
  });

  it('answers a missing built file with 404, never the app page', async () => {
    for (const url of [
      '/assets/index-deadbeef.js',
      '/assets/gone.css',
      '/favicon.png',
      '/x/y.js',
    ]) {
      const res = await call(t.app, 'GET', url);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('<div id="root">');
    }
  });

  it.each(['/login', '/posts', '/resetpassword?email=a%40b.c&edit=x', '/edit-post?id=1'])(
    'serves the app page for the route %s',
    async (url) => {
      const res = await call(t.app, 'GET', url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root"></div>');
      expectSecurityHeaders(res);
    },
  );

  it('answers invalid JSON with 400 and the catalogue message, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { host: 'localhost:3000', 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: answersEn.http.invalidJson });
  });

  it('answers a JSON request with an empty body with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { host: 'localhost:3000', 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('sends the security headers on every kind of response', async () => {
    const responses = [
      await call(t.app, 'GET', '/livez'),
      await call(t.app, 'GET', '/api/countries'),
      await call(t.app, 'GET', '/api/whatever'),
      await call(t.app, 'GET', '/api/posts'),
      await call(t.app, 'POST', '/api/user/login', { body: { email: 'x' } }),
      await call(t.app, 'GET', '/api/site', { headers: { origin: 'https://evil.example' } }),
    ];
    for (const res of responses) expectSecurityHeaders(res);
  });

  it('refuses a request from another origin with 403 and no CORS header', async () => {
    const ad = await call(t.app, 'POST', '/api/user/login', {
      body: { email: 'someone@example.com', password: 'a long enough passphrase' },
      headers: { origin: 'https://evil.example' },
    });
    expect(ad.status).toBe(403);
    expect(ad.json).toEqual({ success: false, error: answersEn.http.originRefused });
    expect(ad.headers['access-control-allow-origin']).toBeUndefined();

    const get = await call(t.app, 'GET', '/api/site', {
      headers: { origin: 'https://evil.example' },
    });
    expect(get.status).toBe(403);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/login',
      headers: {
        host: 'localhost:3000',
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses an origin that only looks like ours', async () => {
    for (const origin of ['http://localhost:3000.evil.example', 'http://localhost:3001', 'null']) {
      const res = await call(t.app, 'POST', '/api/user/resetpassword', {
        body: { email: 'someone@example.com' },
        headers: { origin },
      });
      expect(res.status).toBe(403);
    }
  });

  it('accepts a request from its own origin', async () => {
    const res = await call(t.app, 'POST', '/api/user/resetpassword', {
      body: { email: 'someone@example.com' },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers GET /api/posts without a session with 401', async () => {
    const res = await call(t.app, 'GET', '/api/posts');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ success: false, error: answersEn.auth.signInRequired });
    const bogus = await call(t.app, 'GET', '/api/posts', { headers: { session: 'none' } });
    expect(bogus.status).toBe(401);
  });
});

describe('readiness while migrations run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ isMigrated: () => false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /readyz answers 503 while /livez still answers 200', async () => {
    const ready = await call(t.app, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ ok: false });
    expect((await call(t.app, 'GET', '/livez')).status).toBe(200);
  });
});

describe('in production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: productionEnv,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no development outbox: mailed codes cannot be read over HTTP', async () => {
    const email = 'prod.user@example.com';
    const reg = await call(t.app, 'POST', '/api/user/register', {
      body: { email, password: 'a long enough passphrase' },
    });
    expect(reg.status).toBe(200);
    const res = await call(t.app, 'GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toMatch(/\b\d{6}\b/);
  });

  it('asks browsers to use HTTPS only (HSTS)', async () => {
    const res = await call(t.app, 'GET', '/livez');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });
});
