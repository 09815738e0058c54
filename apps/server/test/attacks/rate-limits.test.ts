import { catalogueAreas, messagesOf, waitInWords } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLockout, rateLimitRules } from '../../src/http/rate-limit.js';
import { limiterWith, registerVerified } from '../support/accounts.js';
import { latestCode, latestResetLink } from '../support/outbox.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

type Response = Awaited<ReturnType<typeof call>>;

function expectTooMany(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.json).toEqual({
    success: false,
    error: answersEn.http.tooManyRequests({ wait: waitInWords(retryAfter) }),
  });
  return retryAfter;
}

describe('login limits with the shipped rules', () => {
  let t: TestApp;
  const password = 'a long enough passphrase';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const loginFrom = (ip: string, email: string, pw: string, headers?: Record<string, string>) =>
    call(t.app, 'POST', '/api/user/login', {
      body: { email, password: pw },
      remoteAddress: ip,
      ...(headers ? { headers } : {}),
    });

  it('makes one account wait after 5 wrong passwords from anywhere, whatever the spelling of its email', async () => {
    expect(loginLockout.account.free).toBe(5);
    const email = 'target@example.com';
    await registerVerified(t.app, email, password);
    // Spelling the address differently does not give a fresh budget.
    const spellings = [email, email.toUpperCase(), ` ${email} `];
    for (let i = 0; i < 6; i += 1) {
      const res = await loginFrom(`192.0.2.${100 + i}`, spellings[i % 3] ?? email, 'wrong guess');
      expect(res.status).toBe(401);
    }
    // A wait, for whoever tries next without the owner's device cookie, right password or not.
    expect(expectTooMany(await loginFrom('192.0.2.99', email, password))).toBe(1);
    // Another account is not affected.
    const other = await loginFrom('192.0.2.11', 'other@example.com', 'wrong guess');
    expect(other.status).toBe(401);
  });

  it('allows 30 sign-in attempts from one address, right or wrong, then answers 429', async () => {
    expect(rateLimitRules.login.ip.max).toBe(30);
    const email = 'busy.office@example.com';
    await registerVerified(t.app, email, password);
    for (let i = 0; i < 30; i += 1) {
      expect((await loginFrom('192.0.2.20', email, password)).status).toBe(200);
    }
    expectTooMany(await loginFrom('192.0.2.20', email, password));
    expect((await loginFrom('192.0.2.21', email, password)).status).toBe(200);
  });

  it('does not let a forged X-Forwarded-For header buy a fresh address budget', async () => {
    expect(loginLockout.address.free).toBe(10);
    for (let i = 0; i < 11; i += 1) {
      const res = await loginFrom('192.0.2.30', `forged${i}@example.com`, 'wrong guess', {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      expect(res.status).toBe(401);
    }
    const res = await loginFrom('192.0.2.30', 'forged30@example.com', 'wrong guess', {
      'x-forwarded-for': '203.0.113.200',
    });
    expectTooMany(res);
  });
});

describe('behind a trusted reverse proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: '1' },
      limiter: limiterWith({
        login: {
          ip: { max: 3, windowMs: 60_000 },
          account: { max: 1000, windowMs: 60_000 },
        },
      }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const viaProxy = (forwardedFor: string, n: number) =>
    call(t.app, 'POST', '/api/user/login', {
      body: { email: `client${n}@example.com`, password: 'wrong guess' },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts each client address the proxy reports separately', async () => {
    for (let i = 0; i < 3; i += 1) expect((await viaProxy('198.51.100.1', i)).status).toBe(401);
    expectTooMany(await viaProxy('198.51.100.1', 3));
    expect((await viaProxy('198.51.100.2', 4)).status).toBe(401);
  });

  it('marks the device cookie Secure when the proxy says the request came over HTTPS', async () => {
    const email = 'secure.owner@example.com';
    const password = 'a long enough passphrase';
    await registerVerified(t.app, email, password);
    const res = await call(t.app, 'POST', '/api/user/login', {
      body: { email, password },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.30', 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^device=/);
    expect(cookie).toContain('; Secure');
    expect(cookie).toContain('; HttpOnly');
  });

  it('believes only the hop the proxy added, not what the client put before it', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await viaProxy(`1.1.1.${i}, 198.51.100.7`, 10 + i)).status).toBe(401);
    }
    expectTooMany(await viaProxy('9.9.9.9, 198.51.100.7', 20));
  });
});

describe('limits on the other account calls', () => {
  let t: TestApp;
  const small = (max: number) => ({
    ip: { max, windowMs: 60_000 },
    account: { max: 1000, windowMs: 60_000 },
  });
  const password = 'a long enough passphrase';
  beforeAll(async () => {
    t = await createTestApp({
      limiter: limiterWith({
        register: { ip: { max: 1000, windowMs: 60_000 }, account: { max: 2, windowMs: 60_000 } },
        verifyEmail: small(3),
        resetPassword: small(2),
        changePassword: small(2),
      }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('register: past the limit per email from one client answers 429 and mails nothing more', async () => {
    const email = 'register.limit@example.com';
    const body = { email, password };
    expect((await call(t.app, 'POST', '/api/user/register', { body })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/user/register', { body })).status).toBe(200);
    const code = await latestCode(t.app, email);
    expectTooMany(await call(t.app, 'POST', '/api/user/register', { body }));
    expect(await latestCode(t.app, email)).toBe(code);
  });

  it('verifyemail: past the limit the right code is refused with 429', async () => {
    const email = 'verify.limit@example.com';
    await call(t.app, 'POST', '/api/user/register', {
      body: { email, password },
      remoteAddress: '192.0.2.40',
    });
    const code = await latestCode(t.app, email);
    const verify = (c: string) =>
      call(t.app, 'POST', '/api/user/verifyemail', {
        body: { email, code: c },
        remoteAddress: '192.0.2.41',
      });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 3; i += 1) expect((await verify(wrong)).status).toBe(400);
    expectTooMany(await verify(code));
  });

  it('resetpassword: past the limit answers 429 and mails no link', async () => {
    const email = 'reset.limit@example.com';
    await registerVerified(t.app, email, password);
    const ask = () =>
      call(t.app, 'POST', '/api/user/resetpassword', {
        body: { email },
        remoteAddress: '192.0.2.50',
      });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const link = (await latestResetLink(t.app, email)).toString();
    expectTooMany(await ask());
    expect((await latestResetLink(t.app, email)).toString()).toBe(link);
  });

  it('changepassword: past the limit even a valid token answers 429', async () => {
    const email = 'change.limit@example.com';
    await registerVerified(t.app, email, password);
    await call(t.app, 'POST', '/api/user/resetpassword', {
      body: { email },
      remoteAddress: '192.0.2.60',
    });
    const token = (await latestResetLink(t.app, email)).searchParams.get('edit') ?? '';
    const change = (guess: string) =>
      call(t.app, 'POST', '/api/user/changepassword', {
        body: { email, password: 'a brand new passphrase', token: guess },
        remoteAddress: '192.0.2.61',
      });
    for (let i = 0; i < 2; i += 1) expect((await change('g'.repeat(43))).status).toBe(410);
    expectTooMany(await change(token));
    const stillOld = await call(t.app, 'POST', '/api/user/login', { body: { email, password } });
    expect(stillOld.status).toBe(200);
  });
});
