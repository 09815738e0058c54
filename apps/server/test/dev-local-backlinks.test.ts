import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { startPageServer, type PageServer } from './support/page-server.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/**
 * Trying the free-with-backlink type offline (issue 24): with DEV_LOCAL_BACKLINKS on,
 * outside production, a page on this machine named under the reserved `.test` domain
 * counts as the advertiser's site. Off (the default, and in every SSRF test), such a
 * name reaches nothing and 127.0.0.1 stays refused.
 */
describe('a backlink page on this machine, for trying the free type locally', () => {
  let pages: PageServer;
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    pages = await startPageServer();
    on = await createTestApp({
      limiter: relaxedLimiter(),
      env: { DEV_LOCAL_BACKLINKS: 'true' },
    });
    off = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
    await pages?.close();
  });

  const validate = async (t: TestApp, backlink: string) => {
    const { token } = await registerVerified(
      t.app,
      `local.backlink.${Math.random().toString(36).slice(2)}@example.com`,
      'a long enough passphrase',
    );
    return call(t.app, 'POST', '/validate/ad', {
      body: { fields: { backlink } },
      headers: { session: token },
    });
  };

  it('finds the link on a page of this machine named under .test when the setting is on', async () => {
    const res = await validate(on, `http://my-site.test:${pages.port}/linked`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ phone: true, backlink: true });
    expect(pages.requests).toContain('/linked');
  });

  it('still refuses a page that does not link to the site', async () => {
    const res = await validate(on, `http://my-site.test:${pages.port}/unlinked`);
    expect(res.json).toEqual({ phone: true, backlink: false });
  });

  it('reaches nothing on this machine when the setting is off', async () => {
    const before = pages.requests.length;
    for (const url of [
      `http://my-site.test:${pages.port}/linked`,
      `http://127.0.0.1:${pages.port}/linked`,
    ]) {
      const res = await validate(off, url);
      expect(res.json).toEqual({ phone: true, backlink: false });
    }
    expect(pages.requests.length).toBe(before);
  });

  it('keeps refusing 127.0.0.1 written out, even with the setting on', async () => {
    const before = pages.requests.length;
    const res = await validate(on, `http://127.0.0.1:${pages.port}/linked`);
    expect(res.json).toEqual({ phone: true, backlink: false });
    expect(pages.requests.length).toBe(before);
  });
});
