import { adMessages, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicAddressesOnly } from '../src/modules/ad-checks/address-policy.js';
import { createBacklinkChecker } from '../src/modules/ad-checks/backlink-checker.js';
import { limiterWith, registerVerified, relaxedLimiter } from './support/accounts.js';
import {
  adForm,
  adRow,
  countAds,
  createAd,
  expectErrorBody,
  expectFieldError,
  postAd,
} from './support/ads.js';
import {
  localPageChecker,
  pageLookup,
  startPageServer,
  type PageServer,
} from './support/page-server.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

type Fields = { phone?: string; backlink?: string; country?: string };

const validate = (t: TestApp, fields: Fields, updated?: unknown) =>
  call(t.app, 'POST', '/validate/ad', {
    body: { fields, ...(updated === undefined ? {} : { updated }) },
  });

describe('POST /validate/ad: the form’s server checks', () => {
  let t: TestApp;
  let pages: PageServer;
  let session: string;
  beforeAll(async () => {
    pages = await startPageServer();
    t = await createTestApp({
      limiter: relaxedLimiter(),
      backlinks: localPageChecker(1_500),
    });
    session = (await registerVerified(t.app, 'checker@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
  });

  const check = (fields: Fields, updated?: unknown) => validate(t, fields, updated);

  it('answers true for fields not sent', async () => {
    const res = await check({});
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ phone: true, backlink: true });
  });

  describe('phone', () => {
    it.each([
      ['702-208-4567', 'US', true],
      ['(702) 208-4567', undefined, true],
      ['+1 702 208 4567', 'US', true],
      ['416-979-2671', 'CA', true],
      ['702-555-0123', 'US', false],
      ['604-555-0199', 'CA', false],
      ['416-979-2671', 'US', false],
      ['702-208-4567', 'CA', false],
      ['702-208-456', 'US', false],
      ['1-900-555-2671', 'US', false],
      ['702-208-CALL', 'US', false],
      ['', 'US', false],
    ])('%s in %s → %s', async (phone, country, expected) => {
      const res = await check({ phone, ...(country ? { country } : {}) });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ phone: expected, backlink: true });
    });

    it('refuses an unknown country with 400', async () => {
      const res = await check({ phone: '702-208-4567', country: 'FR' });
      expectErrorBody(res, 400);
    });
  });

  describe('backlink against a local page server (policy: 127.0.0.1 only)', () => {
    // pages.example.com resolves to the page server on 127.0.0.1 (see pageLookup).
    it('is true for a page that links to the local site (http://localhost:3000)', async () => {
      expect((await check({ backlink: pages.named('/linked') })).json).toEqual({
        phone: true,
        backlink: true,
      });
    });
    it('is false for a page without the link', async () => {
      expect((await check({ backlink: pages.named('/unlinked') })).json).toEqual({
        phone: true,
        backlink: false,
      });
    });
    it('is false for a redirect to 127.0.0.2, which the policy refuses', async () => {
      const seen = pages.requests.length;
      expect((await check({ backlink: pages.named('/to-refused') })).json).toMatchObject({
        backlink: false,
      });
      // The redirect was fetched; its target never was.
      expect(pages.requests.slice(seen)).toEqual(['/to-refused']);
    });
    it('is false for a page over 1 MB, even with the link at its end', async () => {
      expect((await check({ backlink: pages.named('/huge') })).json).toMatchObject({
        backlink: false,
      });
    });
    it('is false for a page that never finishes, within the checker’s time', async () => {
      const started = Date.now();
      expect((await check({ backlink: pages.named('/slow') })).json).toMatchObject({
        backlink: false,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    });
    it('is false for a page that is not there, and for text that is not a URL', async () => {
      expect((await check({ backlink: pages.named('/missing') })).json).toMatchObject({
        backlink: false,
      });
      expect((await check({ backlink: 'not a url' })).json).toMatchObject({ backlink: false });
      expect((await check({ backlink: '' })).json).toMatchObject({ backlink: false });
    });
    it('is false for a 127.0.0.1 URL by the url rule, without fetching it', async () => {
      const seen = pages.requests.length;
      expect((await check({ backlink: pages.local('/linked') })).json).toMatchObject({
        backlink: false,
      });
      expect(pages.requests.length).toBe(seen);
    });
    it('checks phone and backlink together', async () => {
      expect(
        (await check({ phone: '702-555-0123', backlink: pages.named('/linked') })).json,
      ).toEqual({ phone: false, backlink: true });
    });
  });

  describe('one ad per backlink', () => {
    it('answers false for a link another ad uses, true when `updated` is that ad', async () => {
      const link = pages.named('/linked/taken');
      expect((await check({ backlink: link })).json).toMatchObject({ backlink: true });
      const ad = await createAd(t.app, { session, type: 'free', overrides: { backlink: link } });
      expect((await check({ backlink: link })).json).toMatchObject({ backlink: false });
      // The same page written differently is the same backlink.
      const variant = link.replace('http://', 'https://').replace('/taken', '/taken/');
      expect((await check({ backlink: variant })).json).toMatchObject({ backlink: false });
      expect((await check({ backlink: link }, ad.postId)).json).toMatchObject({ backlink: true });
      expect((await check({ backlink: link }, Number(ad.postId))).json).toMatchObject({
        backlink: true,
      });
      // Another ad's id does not free it.
      const other = await createAd(t.app, { session });
      expect((await check({ backlink: link }, other.postId)).json).toMatchObject({
        backlink: false,
      });
      expect((await check({ backlink: link }, true)).json).toMatchObject({ backlink: false });
    });

    it('refuses a second ad with the same backlink: 400 backlinkTaken, nothing stored', async () => {
      const link = 'https://jade-one-link.example/about';
      await createAd(t.app, { session, type: 'free', overrides: { backlink: link } });
      const before = await countAds(t);
      const res = await postAd(t.app, {
        session,
        type: 'free',
        overrides: { backlink: 'http://www.JADE-one-link.example/about/' },
      });
      expectFieldError(res, 'backlink', sayIn('en', adMessages.form.backlinkTaken));
      expect(await countAds(t)).toBe(before);
      // Anonymously, too.
      const anon = await postAd(t.app, {
        email: 'copycat@example.com',
        type: 'free',
        overrides: { backlink: link },
      });
      expectFieldError(anon, 'backlink', sayIn('en', adMessages.form.backlinkTaken));
    });

    it('refuses to move an ad onto another ad’s backlink with PATCH', async () => {
      const link = 'https://jade-patch-link.example/';
      await createAd(t.app, { session, type: 'free', overrides: { backlink: link } });
      const mine = await createAd(t.app, {
        session,
        type: 'free',
        overrides: { backlink: 'https://jade-my-own.example/' },
      });
      const res = await call(t.app, 'PATCH', '/api/post', {
        headers: { session },
        body: { ...adForm, post_id: mine.postId, backlink: link },
      });
      expectFieldError(res, 'backlink', sayIn('en', adMessages.form.backlinkTaken));
      expect((await adRow(t, mine.postId)).backlink).toBe('https://jade-my-own.example/');
      // Saving an ad with its own link is fine.
      const own = await call(t.app, 'PATCH', '/api/post', {
        headers: { session },
        body: { ...adForm, post_id: mine.postId, backlink: 'https://jade-my-own.example/' },
      });
      expect(own.status).toBe(200);
    });

    it('frees the link when the ad using it is deleted', async () => {
      const link = pages.named('/linked/freed');
      const ad = await createAd(t.app, { session, type: 'free', overrides: { backlink: link } });
      expect((await check({ backlink: link })).json).toMatchObject({ backlink: false });
      await call(t.app, 'POST', '/api/post/delete', {
        headers: { session },
        body: { postId: ad.postId },
      });
      expect((await check({ backlink: link })).json).toMatchObject({ backlink: true });
      const again = await postAd(t.app, { session, type: 'free', overrides: { backlink: link } });
      expect(again.status).toBe(200);
    });
  });

  it('refuses a body that is not { fields } with 400', async () => {
    expectErrorBody(await call(t.app, 'POST', '/validate/ad', { body: {} }), 400);
    expectErrorBody(
      await call(t.app, 'POST', '/validate/ad', { body: { fields: { phone: 7022084567 } } }),
      400,
    );
    expectErrorBody(
      await call(t.app, 'POST', '/validate/ad', { body: { fields: { phone: 'x'.repeat(33) } } }),
      400,
    );
  });
});

describe('POST /validate/ad with the real address policy', () => {
  let t: TestApp;
  let pages: PageServer;
  beforeAll(async () => {
    pages = await startPageServer();
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
  });

  it('answers false for a 127.0.0.1 page, even one with the link', async () => {
    const res = await validate(t, { backlink: pages.local('/linked') });
    expect(res.json).toEqual({ phone: true, backlink: false });
    expect(pages.requests).toEqual([]);
  });

  it.each([
    'http://localhost:3000/',
    'http://[::1]:3000/',
    'http://169.254.169.254/latest/meta-data/',
    'http://2130706433/',
    'file:///etc/passwd',
  ])('answers false for %s', async (backlink) => {
    expect((await validate(t, { backlink })).json).toEqual({ phone: true, backlink: false });
  });
});

describe('POST /validate/ad: a public name that resolves to 127.0.0.1', () => {
  let t: TestApp;
  let pages: PageServer;
  beforeAll(async () => {
    pages = await startPageServer();
    t = await createTestApp({
      limiter: relaxedLimiter(),
      backlinks: createBacklinkChecker({ policy: publicAddressesOnly, lookup: pageLookup }),
    });
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
  });

  it('is refused by the production policy before any connection', async () => {
    const res = await validate(t, { backlink: pages.named('/linked') });
    expect(res.json).toEqual({ phone: true, backlink: false });
    expect(pages.requests).toEqual([]);
  });
});

describe('POST /validate/ad rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      limiter: limiterWith({
        validateAd: {
          ip: { max: 3, windowMs: 60_000 },
          account: { max: 100, windowMs: 60_000 },
        },
      }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with Retry-After past the limit per address', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await call(t.app, 'POST', '/validate/ad', {
        body: { fields: { phone: '702-208-4567' } },
        remoteAddress: '192.0.2.40',
      });
      expect(res.status).toBe(200);
    }
    const res = await call(t.app, 'POST', '/validate/ad', {
      body: { fields: { phone: '702-208-4567' } },
      remoteAddress: '192.0.2.40',
    });
    expectErrorBody(res, 429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await call(t.app, 'POST', '/validate/ad', {
      body: { fields: {} },
      remoteAddress: '192.0.2.41',
    });
    expect(elsewhere.status).toBe(200);
  });
});
