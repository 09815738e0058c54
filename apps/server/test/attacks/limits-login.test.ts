import { loginLockout, catalogueAreas, messagesOf, waitInWords } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRateLimiter } from '../../src/http/rate-limit.js';
import { registerVerified } from '../support/accounts.js';
import { latestResetLink } from '../support/outbox.js';
import { accountMailDone, call, createTestApp, type TestApp } from '../support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

/**
 * Sign-in cannot be turned against its owner (issue 15, finding 1; IPv6 /64:
 * finding 3): the shipped rules, on a clock the test moves.
 */
type Response = Awaited<ReturnType<typeof call>>;

function clock() {
  let t = 1_700_000_000_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** A 429 whose message says the wait in words; answers the wait in seconds. */
function expectWait(res: Response): number {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds) && seconds > 0).toBe(true);
  expect(res.json).toEqual({
    success: false,
    error: answersEn.http.tooManyRequests({ wait: waitInWords(seconds) }),
  });
  const text = (res.json as { error: string }).error;
  expect(text).toMatch(/try again in \d+ (second|minute|hour)s?\./);
  if (seconds >= 60) expect(text).not.toMatch(/seconds/);
  return seconds;
}

/** The device cookie a login answer sets, as a browser would send it back. */
function deviceCookieOf(res: Response): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = all.find((c) => c.startsWith('device='));
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(header)}`);
  return cookie.split(';')[0] ?? '';
}

describe('sign-in lockout with the shipped rules', () => {
  let t: TestApp;
  const time = clock();
  const password = 'the owner passphrase 1';
  beforeAll(async () => {
    t = await createTestApp({ limiter: createRateLimiter(createMemoryRateLimitStore(time.now)) });
  });
  afterAll(async () => {
    await t.close();
  });

  let attacker = 0;
  /** A wrong password from a fresh address each time: only the account's own counter grows. */
  const fromAnywhere = (email: string) => {
    attacker += 1;
    return call(t.app, 'POST', '/api/user/login', {
      body: { email, password: 'not the password' },
      remoteAddress: `203.0.${Math.floor(attacker / 250)}.${(attacker % 250) + 1}`,
    });
  };
  const login = (ip: string, email: string, pw: string, cookie?: string) =>
    call(t.app, 'POST', '/api/user/login', {
      body: { email, password: pw },
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('sets an HttpOnly, SameSite device cookie on a successful login only', async () => {
    const email = 'cookie.owner@example.com';
    await registerVerified(t.app, email, password);
    const wrong = await login('198.51.100.1', email, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const res = await login('198.51.100.1', email, password);
    expect(res.status).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^device=[^;]+; /);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/api/user/login');
    // Plain HTTP here: a Secure cookie would never come back.
    expect(header).not.toContain('Secure');
  });

  it('failures from everywhere never block the owner on a device that signed in before', async () => {
    const email = 'device.owner@example.com';
    await registerVerified(t.app, email, password);
    const cookie = deviceCookieOf(await login('198.51.100.2', email, password));
    for (let i = 0; i < 40; i += 1) {
      expect([401, 429]).toContain((await fromAnywhere(email)).status);
    }
    // A browser without the cookie (or with a forged one) waits...
    expectWait(await login('198.51.100.3', email, password));
    const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expectWait(await login('198.51.100.3', email, password, forged));
    // ...the owner's browser does not, from any address.
    const owner = await login('198.51.100.4', email, password, cookie);
    expect(owner.status).toBe(200);
  });

  it("another account's device cookie does not exempt from this account's waits", async () => {
    const mine = 'mine@example.com';
    const theirs = 'theirs@example.com';
    await registerVerified(t.app, mine, password);
    await registerVerified(t.app, theirs, password);
    const cookie = deviceCookieOf(await login('198.51.100.5', mine, password));
    for (let i = 0; i < 8; i += 1) await fromAnywhere(theirs);
    expectWait(await login('198.51.100.5', theirs, password, cookie));
  });

  it('makes each failure on an account wait longer, up to 15 minutes: never a lock', async () => {
    const email = 'delayed.owner@example.com';
    await registerVerified(t.app, email, password);
    for (let i = 0; i < 5; i += 1) expect((await fromAnywhere(email)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      expect((await fromAnywhere(email)).status).toBe(401);
      const wait = expectWait(await fromAnywhere(email));
      waits.push(wait);
      time.advance(wait * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
    // The owner on a new device is let in once the wait is over.
    expect((await fromAnywhere(email)).status).toBe(401);
    const wait = expectWait(await login('198.51.100.6', email, password));
    expect(wait).toBe(900);
    expect((await login('198.51.100.6', email, password)).json).toMatchObject({
      success: false,
      error: 'Too many attempts. Please try again in 15 minutes.',
    });
    time.advance(wait * 1000);
    expect((await login('198.51.100.6', email, password)).status).toBe(200);
  });

  it('a device cookie is still limited: its own failures make it wait', async () => {
    const email = 'careless.owner@example.com';
    await registerVerified(t.app, email, password);
    const cookie = deviceCookieOf(await login('198.51.100.7', email, password));
    for (let i = 0; i < 10; i += 1) {
      expect((await login(`198.51.100.${10 + i}`, email, 'typo', cookie)).status).toBe(401);
    }
    expect((await login('198.51.100.30', email, 'typo', cookie)).status).toBe(401);
    expectWait(await login('198.51.100.31', email, password, cookie));
  });

  it('slows an address that keeps failing, then blocks it; other addresses go on', async () => {
    const from = (ip: string, n: number) => login(ip, `spray${n}@example.com`, 'guess');
    const rule = loginLockout.address;
    for (let i = 1; i <= rule.free; i += 1) expect((await from('192.0.2.50', i)).status).toBe(401);
    // Each failure past the free ones makes the address wait longer...
    const waits: number[] = [];
    for (let i = rule.free + 1; i <= rule.free + 13; i += 1) {
      expect((await from('192.0.2.50', i)).status).toBe(401);
      const wait = expectWait(await from('192.0.2.50', 1000 + i));
      waits.push(wait);
      time.advance(wait * 1000);
    }
    // ...until it is blocked half an hour at a time.
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1800, 1800]);
    expect((await from('192.0.2.50', 100)).status).toBe(401);
    expect(expectWait(await from('192.0.2.50', 101))).toBe(30 * 60);
    expect((await from('192.0.2.51', 0)).status).toBe(401);
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 one', async () => {
    const from = (ip: string, n: number) => login(ip, `six${n}@example.com`, 'guess');
    for (let i = 1; i <= 11; i += 1) {
      expect((await from(`2001:db8:5:6:${i.toString(16)}::1`, i)).status).toBe(401);
    }
    expectWait(await from('2001:db8:5:6:ffff:ffff:ffff:ffff', 12));
    expect((await from('2001:db8:5:7::1', 13)).status).toBe(401);

    for (let i = 0; i < 6; i += 1) expect((await from('192.0.2.60', 20 + i)).status).toBe(401);
    for (let i = 0; i < 5; i += 1) {
      expect((await from('::ffff:192.0.2.60', 30 + i)).status).toBe(401);
    }
    expectWait(await from('::ffff:c000:23c', 40));
  });

  it('password reset works while the account waits, and lets the owner in afterwards', async () => {
    const email = 'reset.owner@example.com';
    await registerVerified(t.app, email, password);
    for (let i = 0; i < 30; i += 1) await fromAnywhere(email);
    expectWait(await login('198.51.100.40', email, password));

    const reset = await call(t.app, 'POST', '/api/user/resetpassword', {
      body: { email },
      remoteAddress: '198.51.100.40',
    });
    expect(reset.status).toBe(200);
    await accountMailDone(t.app);
    const token = (await latestResetLink(t.app, email)).searchParams.get('edit') ?? '';
    const changed = await call(t.app, 'POST', '/api/user/changepassword', {
      body: { email, password: 'a brand new passphrase', token },
      remoteAddress: '198.51.100.40',
    });
    expect(changed.status).toBe(200);
    const cookie = deviceCookieOf(changed);
    // The attack goes on; the browser that reset the password signs in.
    for (let i = 0; i < 5; i += 1) await fromAnywhere(email);
    const res = await login('198.51.100.41', email, 'a brand new passphrase', cookie);
    expect(res.status).toBe(200);
  });
});

describe('registration of an email never blocks its owner', () => {
  let t: TestApp;
  const password = 'a long enough passphrase';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (ip: string, email: string) =>
    call(t.app, 'POST', '/api/user/register', { body: { email, password }, remoteAddress: ip });

  it('a stranger registering the email many times spends only their own budget', async () => {
    const email = 'future.owner@example.com';
    let refused: Response | undefined;
    for (let i = 0; i < 6; i += 1) {
      const res = await register('203.0.113.9', email);
      if (res.status !== 200) refused = res;
    }
    // The stranger is limited...
    expect(refused?.status).toBe(429);
    // ...the owner is not.
    expect((await register('198.51.100.50', email)).status).toBe(200);
  });

  it('an existing account owner can still ask for a reset after strangers asked for many', async () => {
    const email = 'busy.owner@example.com';
    await registerVerified(t.app, email, password);
    for (let i = 0; i < 6; i += 1) {
      await call(t.app, 'POST', '/api/user/resetpassword', {
        body: { email },
        remoteAddress: '203.0.113.10',
      });
    }
    const res = await call(t.app, 'POST', '/api/user/resetpassword', {
      body: { email },
      remoteAddress: '198.51.100.51',
    });
    expect(res.status).toBe(200);
  });
});
