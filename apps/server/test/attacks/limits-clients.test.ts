import { randomBytes } from 'node:crypto';
import {
  previewLinkSchema,
  publicPageText,
  rateLimitRules,
  catalogueAreas,
  messagesOf,
  waitInWords,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacklinkChecker } from '../../src/modules/ad-checks/backlink-checker.js';
import { registerVerified, type SignedIn } from '../support/accounts.js';
import { createAd, credentials } from '../support/ads.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

/**
 * Limits count per client (an address, an IPv6 /64) and per signed-in user or
 * ad, never on a key every client shares or a stranger can spend for an owner
 * (issue 15, findings 2, 3 and 4). The shipped rules.
 */
type Response = Awaited<ReturnType<typeof call>>;

function expectWait(res: Response): number {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(res.json).toEqual({
    success: false,
    error: answersEn.http.tooManyRequests({ wait: waitInWords(seconds) }),
  });
  return seconds;
}

/** Every page links back: only the limits decide the answer. */
const linkedEverywhere: BacklinkChecker = { check: async () => ({ ok: true }) };

describe('limits per client, never shared', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ backlinks: linkedEverywhere });
    alice = await registerVerified(t.app, 'alice@example.com', 'alice long passphrase');
    bob = await registerVerified(t.app, 'bob@example.com', 'bob long passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  const checkBacklink = (ip: string, n: number, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', '/validate/ad', {
      body: { fields: { backlink: `https://site${n}.example.com/` } },
      remoteAddress: ip,
      headers,
    });

  it('one client spending the backlink checks does not stop another advertiser', async () => {
    let status = 200;
    let n = 0;
    while (status === 200 && n < 500) {
      const res = await checkBacklink('192.0.2.70', n);
      status = res.status;
      n += 1;
    }
    expect(status).toBe(429);
    expect(n).toBeLessThan(200);
    const other = await checkBacklink('198.51.100.70', 1_000);
    expect(other.status).toBe(200);
    expect(other.json).toEqual({ phone: true, backlink: true });
  });

  it('a signed-in user changing address still spends their own checks, not others’', async () => {
    let status = 200;
    let n = 0;
    while (status === 200 && n < 500) {
      const ip = `198.18.${Math.floor(n / 200)}.${(n % 200) + 1}`;
      status = (await checkBacklink(ip, 2_000 + n, credentials({ session: alice.token }))).status;
      n += 1;
    }
    expect(status).toBe(429);
    const res = await checkBacklink('198.51.100.71', 3_000, credentials({ session: bob.token }));
    expect(res.status).toBe(200);
  });

  it('bogus preview tokens from a client never lock the owner’s real preview link', async () => {
    const ad = await createAd(t.app, {
      session: alice.token,
      overrides: { title: 'Waiting owner preview' },
    });
    const res = await call(t.app, 'POST', `/api/post/${ad.postId}/preview`, {
      headers: credentials({ session: alice.token }),
    });
    const url = new URL(previewLinkSchema.parse(res.json).url);
    const open = (ip: string, token: string) =>
      call(t.app, 'GET', `${url.pathname}?preview=true&token=${token}`, {
        headers: { host: url.host },
        remoteAddress: ip,
      });
    for (let i = 0; i <= rateLimitRules.previewToken.ip.max; i += 1) {
      expect((await open('203.0.113.80', randomBytes(32).toString('base64url'))).status).toBe(404);
    }
    // The guessing client is refused even the right token...
    const guesser = await open('203.0.113.80', url.searchParams.get('token') ?? '');
    expect(guesser.text).not.toContain(publicPageText('en').previewBanner);
    // ...the owner is not.
    const owner = await open('198.51.100.80', url.searchParams.get('token') ?? '');
    expect(owner.status).toBe(200);
    expect(owner.text).toContain(publicPageText('en').previewBanner);
    expect(owner.text).toContain('Waiting owner preview');
  });

  const askReset = (ip: string, n: number) =>
    call(t.app, 'POST', '/api/user/resetpassword', {
      body: { email: `nobody${n}@example.com` },
      remoteAddress: ip,
    });

  it('counts every address of one IPv6 /64 as one client', async () => {
    const max = rateLimitRules.resetPassword.ip.max;
    for (let i = 1; i <= max; i += 1) {
      expect((await askReset(`2001:db8:aa:bb:${i.toString(16)}::${i}`, i)).status).toBe(200);
    }
    expectWait(await askReset('2001:db8:aa:bb:ffff::1', 100));
    // Another /64 is another client.
    expect((await askReset('2001:db8:aa:bc::1', 101)).status).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const max = rateLimitRules.resetPassword.ip.max;
    for (let i = 1; i <= max; i += 1) {
      const ip = i % 2 ? '192.0.2.90' : '::ffff:192.0.2.90';
      expect((await askReset(ip, 200 + i)).status).toBe(200);
    }
    expectWait(await askReset('192.0.2.90', 300));
  });

  it('says a long wait in minutes or hours, never in hundreds of seconds', async () => {
    const max = rateLimitRules.resetPassword.ip.max;
    for (let i = 1; i <= max; i += 1) await askReset('192.0.2.91', 400 + i);
    const res = await askReset('192.0.2.91', 500);
    const seconds = expectWait(res);
    expect(seconds).toBeGreaterThan(50 * 60);
    const text = (res.json as { error: string }).error;
    expect(text).toMatch(/try again in (60 minutes|1 hour)\./);
    expect(text).not.toMatch(/\d\d+ seconds/);
  });
});
