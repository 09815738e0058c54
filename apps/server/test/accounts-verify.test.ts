import { limits, catalogueAreas, messagesOf } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter } from './support/accounts.js';
import { latestCode } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('POST /api/user/verifyemail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const password = 'a long enough passphrase';
  const register = (email: string) =>
    call(t.app, 'POST', '/api/user/register', { body: { email, password } });
  const verify = (email: string, code: string) =>
    call(t.app, 'POST', '/api/user/verifyemail', { body: { email, code } });
  const resend = (email: string) =>
    call(t.app, 'POST', '/api/user/resendcode', { body: { email } });
  /** A 6-digit code that is certainly not `code`. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function expectRefused(res: Awaited<ReturnType<typeof verify>>) {
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, error: answersEn.auth.verifyCodeFailed });
  }

  async function expectVerified(email: string, res: Awaited<ReturnType<typeof verify>>) {
    expect(res.status).toBe(200);
    const body = res.json as { success: boolean; user: { token: string; email: string } };
    expect(body.success).toBe(true);
    expect(body.user.email).toBe(email);
    const status = await call(t.app, 'GET', '/api/user/status', {
      headers: { session: body.user.token },
    });
    expect(status.json).toMatchObject({ ok: true, email });
  }

  it('refuses a wrong code and leaves the account unverified', async () => {
    const email = 'wrong.code@example.com';
    await register(email);
    const code = await latestCode(t.app, email);
    await expectRefused(await verify(email, wrong(code)));
    const loginRes = await call(t.app, 'POST', '/api/user/login', { body: { email, password } });
    expect(loginRes.status).toBe(403);
  });

  it('locks a code after 5 wrong tries; a resent code then works', async () => {
    const email = 'guesser@example.com';
    await register(email);
    const code = await latestCode(t.app, email);
    expect(limits.verificationCodeMaxAttempts).toBe(5);
    for (let i = 0; i < 5; i += 1) await expectRefused(await verify(email, wrong(code)));
    await expectRefused(await verify(email, code));

    const again = await resend(email);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ success: true });
    const fresh = await latestCode(t.app, email);
    await expectVerified(email, await verify(email, fresh));
  });

  it('refuses an expired code', async () => {
    const email = 'slow.reader@example.com';
    await register(email);
    const code = await latestCode(t.app, email);
    await t.database.pool.query(
      `update email_codes set expires_at = now() - interval '1 second'
       where user_id = (select id from users where email_normalized = $1)`,
      [email],
    );
    await expectRefused(await verify(email, code));
  });

  it('accepts a code once only', async () => {
    const email = 'once.only@example.com';
    await register(email);
    const code = await latestCode(t.app, email);
    await expectVerified(email, await verify(email, code));
    await expectRefused(await verify(email, code));
  });

  it('accepts only the newest code after a resend', async () => {
    const email = 'resender@example.com';
    await register(email);
    const first = await latestCode(t.app, email);
    await resend(email);
    let second = await latestCode(t.app, email);
    while (second === first) {
      await resend(email);
      second = await latestCode(t.app, email);
    }
    await expectRefused(await verify(email, first));
    await expectVerified(email, await verify(email, second));
  });

  it("does not verify account B with account A's code", async () => {
    const a = 'account.a@example.com';
    const b = 'account.b@example.com';
    await register(a);
    await register(b);
    const codeA = await latestCode(t.app, a);
    let codeB = await latestCode(t.app, b);
    while (codeB === codeA) {
      await resend(b);
      codeB = await latestCode(t.app, b);
    }
    await expectRefused(await verify(b, codeA));
    // A's code is untouched by B's failed attempt, and B's own code still works.
    await expectVerified(a, await verify(a, codeA));
    await expectVerified(b, await verify(b, codeB));
  });

  it.each(['12345', '1234567', 'abcdef', '12 456', ''])(
    'refuses the malformed code %j with a 400',
    async (code) => {
      const email = 'format@example.com';
      const res = await verify(email, code);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ success: false, error: answersEn.auth.verifyCodeFailed });
    },
  );

  it('does not mail a new code to an address that is already verified', async () => {
    const email = 'already.done@example.com';
    await register(email);
    const code = await latestCode(t.app, email);
    await expectVerified(email, await verify(email, code));
    const res = await resend(email);
    expect(res.json).toEqual({ success: true });
    expect(await latestCode(t.app, email)).toBe(code);
  });
});
