import { randomBytes } from 'node:crypto';
import { adLimits, adMessages, type OutboxMessage, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitRules } from '../src/http/rate-limit.js';
import { limiterWith, registerVerified, relaxedLimiter } from './support/accounts.js';
import {
  adForm,
  adMailLinks,
  adRow,
  createAd,
  expectErrorBody,
  type CreatedAd,
} from './support/ads.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

type Response = Awaited<ReturnType<typeof call>>;

interface Activation {
  ad: CreatedAd;
  email: string;
  /** The `token` of the mailed /activate link. */
  token: string;
  e164: string;
}

/** An anonymous ad with its own email and phone (line 45xx of 702-208), and its activation token. */
async function adForActivation(t: TestApp, n: number): Promise<Activation> {
  const email = `activate-${String(n)}@example.com`;
  const line = String(4500 + n);
  const ad = await createAd(t.app, { email, overrides: { phone: `702-208-${line}` } });
  const { activation } = await adMailLinks(t.app, email);
  return { ad, email, token: activation.searchParams.get('token') ?? '', e164: `+1702208${line}` };
}

function smsTo(t: TestApp, e164: string): Promise<OutboxMessage[]> {
  return readOutbox(t.app, e164);
}

function codeOf(message: OutboxMessage | undefined): string {
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code in the SMS');
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function expectTooMany(res: Response) {
  expectErrorBody(res, 429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
}

describe('activation: the ad’s email, then a code texted to its phone', () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const next = () => adForActivation(t, (n += 1));
  const verifyEmail = (body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/verify/email', { body });
  const sendCode = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', '/api/verify/phone', { body, headers });
  const checkCode = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', '/api/verify/phone-validate', { body, headers });

  describe('POST /api/verify/email', () => {
    it('verifies the ad’s email with the mailed token and says the phone step follows', async () => {
      const a = await next();
      const res = await verifyEmail({ email: a.email, token: a.token, id: a.ad.postId });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        success: true,
        verified_email: true,
        verified_phone: false,
        phoneKnown: true,
        smsSent: false,
      });
      expect((await adRow(t, a.ad.postId)).email_verified_at).toBeInstanceOf(Date);
      const read = await call(t.app, 'GET', `/api/post/${a.ad.postId}`, {
        headers: { 'edit-token': a.ad.token },
      });
      expect(read.json).toMatchObject({
        verification: { verified_email: true, verified_phone: false, phone_verify: true },
      });

      // Opening the link again is harmless, and now says a code is on its way.
      await sendCode({ id: a.ad.postId, token: a.token });
      const again = await verifyEmail({ email: a.email, token: a.token, id: a.ad.postId });
      expect(again.json).toMatchObject({ success: true, smsSent: true });
    });

    it('accepts the email in any case', async () => {
      const a = await next();
      const res = await verifyEmail({
        email: a.email.toUpperCase(),
        token: a.token,
        id: a.ad.postId,
      });
      expect(res.status).toBe(200);
    });

    it('refuses a wrong token, a wrong email, another ad’s id or an unknown id with emailFailed', async () => {
      const a = await next();
      const b = await next();
      const wrong = [
        { email: a.email, token: randomBytes(32).toString('base64url'), id: a.ad.postId },
        { email: 'someone@example.com', token: a.token, id: a.ad.postId },
        { email: a.email, token: a.token, id: b.ad.postId },
        { email: b.email, token: a.token, id: b.ad.postId },
        { email: a.email, token: a.ad.token, id: a.ad.postId },
        { email: a.email, token: a.token, id: '999999999' },
      ];
      for (const body of wrong) {
        const res = await verifyEmail(body);
        expectErrorBody(res, 400);
        expect(res.json).toEqual({
          success: false,
          error: sayIn('en', adMessages.verification.emailFailed),
        });
      }
      expect((await adRow(t, a.ad.postId)).email_verified_at).toBeNull();
      expect((await adRow(t, b.ad.postId)).email_verified_at).toBeNull();
    });

    it('refuses the link of a deleted ad', async () => {
      const a = await next();
      await call(t.app, 'POST', '/api/post/delete', {
        headers: { 'edit-token': a.ad.token },
        body: { postId: a.ad.postId },
      });
      const res = await verifyEmail({ email: a.email, token: a.token, id: a.ad.postId });
      expect(res.json).toEqual({
        success: false,
        error: sayIn('en', adMessages.verification.emailFailed),
      });
    });

    it('refuses a malformed body with 400', async () => {
      expectErrorBody(await verifyEmail({ email: 'x@example.com', token: 'short', id: '1' }), 400);
      expectErrorBody(await verifyEmail({}), 400);
    });
  });

  describe('POST /api/verify/phone', () => {
    it('texts a 6-digit code to the ad’s number in E.164, once while it is live', async () => {
      // The form's phone as typed: 702-208-4567.
      const email = 'e164@example.com';
      const ad = await createAd(t.app, { email });
      const token = (await adMailLinks(t.app, email)).activation.searchParams.get('token');
      const res = await sendCode({ id: ad.postId, token });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ success: true, smsSent: true, verified_phone: false });

      const outbox = await call(t.app, 'GET', '/dev/outbox?to=%2B17022084567');
      expect(outbox.status).toBe(200);
      const messages = outbox.json as OutboxMessage[];
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ channel: 'sms', to: '+17022084567' });
      expect(messages[0]?.text).toMatch(/\b\d{6}\b/);
      expect(messages[0]?.text).toContain('Adboard Local');

      const again = await sendCode({ id: ad.postId, token });
      expect(again.status).toBe(200);
      expect(await smsTo(t, '+17022084567')).toHaveLength(1);
    });

    it('works for the owner with the edit token or the session, without the activation token', async () => {
      const a = await next();
      expect((await sendCode({ id: a.ad.postId }, { 'edit-token': a.ad.token })).status).toBe(200);
      expect(await smsTo(t, a.e164)).toHaveLength(1);

      const owner = await registerVerified(
        t.app,
        'phone-owner@example.com',
        'a long enough passphrase',
      );
      const ad = await createAd(t.app, {
        session: owner.token,
        overrides: { phone: '702-208-4599' },
      });
      expect((await sendCode({ id: ad.postId }, { session: owner.token })).status).toBe(200);
      expect(await smsTo(t, '+17022084599')).toHaveLength(1);
    });

    it('refuses without a token or credentials, or with a wrong one, with 403', async () => {
      const a = await next();
      const other = await next();
      for (const [body, headers] of [
        [{ id: a.ad.postId }, {}],
        [{ id: a.ad.postId, token: randomBytes(32).toString('base64url') }, {}],
        [{ id: a.ad.postId, token: other.token }, {}],
        [{ id: a.ad.postId }, { 'edit-token': other.ad.token }],
      ] as const) {
        const res = await sendCode(body, headers);
        expectErrorBody(res, 403);
        expect((res.json as { error: string }).error).toBe(
          sayIn('en', adMessages.access.forbidden),
        );
      }
      expect(await smsTo(t, a.e164)).toHaveLength(0);
      expectErrorBody(await sendCode({ id: '999999999', token: a.token }), 404);
    });

    it('does not send to a phone number given in the body', async () => {
      const a = await next();
      await sendCode({ id: a.ad.postId, token: a.token, phone: '702-208-4444' });
      expect(await smsTo(t, '+17022084444')).toHaveLength(0);
      expect(await smsTo(t, a.e164)).toHaveLength(1);
    });
  });

  describe('POST /api/verify/phone-validate', () => {
    it('refuses a wrong code with smsCodeFailed and accepts the right one', async () => {
      const a = await next();
      await sendCode({ id: a.ad.postId, token: a.token });
      const code = codeOf((await smsTo(t, a.e164))[0]);

      const wrong = await checkCode({ id: a.ad.postId, token: a.token, code: otherCode(code) });
      expectErrorBody(wrong, 400);
      expect(wrong.json).toEqual({
        success: false,
        error: sayIn('en', adMessages.verification.smsCodeFailed),
      });
      const malformed = await checkCode({ id: a.ad.postId, token: a.token, code: '12ab56' });
      expectErrorBody(malformed, 400);

      const right = await checkCode({ id: a.ad.postId, token: a.token, code });
      expect(right.status).toBe(200);
      expect(right.json).toEqual({ success: true, verified_phone: true });
      expect((await adRow(t, a.ad.postId)).phone_verified_at).toBeInstanceOf(Date);
      const read = await call(t.app, 'GET', `/api/post/${a.ad.postId}`, {
        headers: { 'edit-token': a.ad.token },
      });
      expect(read.json).toMatchObject({
        verification: { verified_phone: true, phone_verify: false },
      });

      // Verified: asking for a code sends nothing more.
      const after = await sendCode({ id: a.ad.postId, token: a.token });
      expect(after.json).toMatchObject({ success: true, smsSent: false, verified_phone: true });
      expect(await smsTo(t, a.e164)).toHaveLength(1);
    });

    it('allows 5 tries: after 5 wrong codes the right one is expired; a new code works', async () => {
      expect(adLimits.smsCodeMaxAttempts).toBe(5);
      const a = await next();
      await sendCode({ id: a.ad.postId, token: a.token });
      const code = codeOf((await smsTo(t, a.e164))[0]);
      for (let i = 0; i < 5; i += 1) {
        const res = await checkCode({ id: a.ad.postId, token: a.token, code: otherCode(code) });
        expect((res.json as { error: string }).error).toBe(
          sayIn('en', adMessages.verification.smsCodeFailed),
        );
      }
      const late = await checkCode({ id: a.ad.postId, token: a.token, code });
      expectErrorBody(late, 400);
      expect(late.json).toEqual({
        success: false,
        error: sayIn('en', adMessages.verification.smsCodeExpired),
      });
      expect((await adRow(t, a.ad.postId)).phone_verified_at).toBeNull();

      // The spent code is no longer live, so a new one is sent.
      await sendCode({ id: a.ad.postId, token: a.token });
      const messages = await smsTo(t, a.e164);
      expect(messages).toHaveLength(2);
      const fresh = codeOf(messages[0]);
      expect((await checkCode({ id: a.ad.postId, token: a.token, code: fresh })).status).toBe(200);
    });

    it('refuses a code past its 10 minutes with smsCodeExpired', async () => {
      expect(adLimits.smsCodeTtlMinutes).toBe(10);
      const a = await next();
      await sendCode({ id: a.ad.postId, token: a.token });
      const code = codeOf((await smsTo(t, a.e164))[0]);
      const { rows } = await t.database.pool.query<{ minutes: string }>(
        `SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM phone_codes WHERE ad_id = $1`,
        [a.ad.postId],
      );
      expect(Math.round(Number(rows[0]?.minutes))).toBe(10);
      await t.database.pool.query(
        `UPDATE phone_codes SET expires_at = now() - interval '1 second' WHERE ad_id = $1`,
        [a.ad.postId],
      );
      const res = await checkCode({ id: a.ad.postId, token: a.token, code });
      expect(res.json).toEqual({
        success: false,
        error: sayIn('en', adMessages.verification.smsCodeExpired),
      });
    });

    it('refuses a check when no code was sent with smsCodeExpired', async () => {
      const a = await next();
      const res = await checkCode({ id: a.ad.postId, token: a.token, code: '123456' });
      expect(res.json).toEqual({
        success: false,
        error: sayIn('en', adMessages.verification.smsCodeExpired),
      });
    });

    it('refuses without a token or credentials with 403, and does not spend a try', async () => {
      const a = await next();
      await sendCode({ id: a.ad.postId, token: a.token });
      const code = codeOf((await smsTo(t, a.e164))[0]);
      for (let i = 0; i < 6; i += 1) {
        expectErrorBody(await checkCode({ id: a.ad.postId, code: otherCode(code) }), 403);
      }
      expectErrorBody(await checkCode({ id: a.ad.postId, code }), 403);
      expect((await adRow(t, a.ad.postId)).phone_verified_at).toBeNull();
      expect((await checkCode({ id: a.ad.postId, token: a.token, code })).status).toBe(200);
    });

    it('does not take one ad’s code for another ad', async () => {
      const a = await next();
      const b = await next();
      await sendCode({ id: a.ad.postId, token: a.token });
      await sendCode({ id: b.ad.postId, token: b.token });
      const codeA = codeOf((await smsTo(t, a.e164))[0]);
      const res = await checkCode({ id: b.ad.postId, token: b.token, code: codeA });
      const codeB = codeOf((await smsTo(t, b.e164))[0]);
      // Codes are random: only a one-in-a-million match would let it pass, for B alone.
      expect(res.status).toBe(codeA === codeB ? 200 : 400);
      expect((await adRow(t, a.ad.postId)).phone_verified_at).toBeNull();
    });
  });

  describe('changing the phone', () => {
    const patchPhone = (a: Activation, phone: string) =>
      call(t.app, 'PATCH', '/api/post', {
        headers: { 'edit-token': a.ad.token },
        body: { ...adForm, post_id: a.ad.postId, phone },
      });

    it('resets verified_phone; the same number written differently keeps it', async () => {
      const a = await next();
      await sendCode({ id: a.ad.postId, token: a.token });
      const code = codeOf((await smsTo(t, a.e164))[0]);
      expect((await checkCode({ id: a.ad.postId, token: a.token, code })).status).toBe(200);

      const same = await patchPhone(a, `(702) 208-${a.e164.slice(-4)}`);
      expect(same.json).toMatchObject({ post: { verification: { verified_phone: true } } });

      const changed = await patchPhone(a, '702-208-4698');
      expect(changed.json).toMatchObject({
        post: { verification: { verified_phone: false, phone_verify: true } },
      });
      expect(await adRow(t, a.ad.postId)).toMatchObject({
        phone_verified_at: null,
        phone_e164: '+17022084698',
      });
    });

    it('makes a code sent to the old number useless', async () => {
      const a = await next();
      await sendCode({ id: a.ad.postId, token: a.token });
      const code = codeOf((await smsTo(t, a.e164))[0]);
      await patchPhone(a, '702-208-4697');
      const res = await checkCode({ id: a.ad.postId, token: a.token, code });
      expect(res.json).toEqual({
        success: false,
        error: sayIn('en', adMessages.verification.smsCodeExpired),
      });
      // A code for the new number goes to the new number.
      await sendCode({ id: a.ad.postId, token: a.token });
      const fresh = codeOf((await smsTo(t, '+17022084697'))[0]);
      expect((await checkCode({ id: a.ad.postId, token: a.token, code: fresh })).status).toBe(200);
    });
  });
});

describe('rate limits of the phone step', () => {
  const hour = 60 * 60_000;

  it('limits the codes asked for one ad, from any address, never per number', async () => {
    expect(rateLimitRules.sendPhoneCode.account.max).toBe(30);
    const t = await createTestApp({
      limiter: limiterWith({
        sendPhoneCode: { ip: { max: 100, windowMs: hour }, account: { max: 2, windowMs: hour } },
      }),
    });
    try {
      // Two ads with the same number.
      const a = await adForActivation(t, 1);
      const email = 'same-phone@example.com';
      const b = await createAd(t.app, { email, overrides: { phone: '702-208-4501' } });
      const bToken = (await adMailLinks(t.app, email)).activation.searchParams.get('token');
      const send = (id: string, token: string | null, ip: string) =>
        call(t.app, 'POST', '/api/verify/phone', { body: { id, token }, remoteAddress: ip });

      expect((await send(a.ad.postId, a.token, '192.0.2.1')).status).toBe(200);
      expect((await send(a.ad.postId, a.token, '192.0.2.2')).status).toBe(200);
      expectTooMany(await send(a.ad.postId, a.token, '192.0.2.3'));
      expect(await readOutbox(t.app, a.e164)).toHaveLength(1);

      // The other ad with the same number is not affected: no stranger locks an owner out.
      expect((await send(b.postId, bToken, '192.0.2.3')).status).toBe(200);
      expect(await readOutbox(t.app, a.e164)).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('limits the codes asked for from one address', async () => {
    const t = await createTestApp({
      limiter: limiterWith({
        sendPhoneCode: { ip: { max: 2, windowMs: hour }, account: { max: 100, windowMs: hour } },
      }),
    });
    try {
      const ads = [
        await adForActivation(t, 1),
        await adForActivation(t, 2),
        await adForActivation(t, 3),
      ];
      const send = (a: Activation, ip: string) =>
        call(t.app, 'POST', '/api/verify/phone', {
          body: { id: a.ad.postId, token: a.token },
          remoteAddress: ip,
        });
      expect((await send(ads[0] as Activation, '192.0.2.7')).status).toBe(200);
      expect((await send(ads[1] as Activation, '192.0.2.7')).status).toBe(200);
      expectTooMany(await send(ads[2] as Activation, '192.0.2.7'));
      expect(await readOutbox(t.app, (ads[2] as Activation).e164)).toHaveLength(0);
      expect((await send(ads[2] as Activation, '192.0.2.8')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('limits code checks per ad, from any address, even for the right code', async () => {
    const t = await createTestApp({
      limiter: limiterWith({
        checkPhoneCode: { ip: { max: 100, windowMs: hour }, account: { max: 3, windowMs: hour } },
      }),
    });
    try {
      const a = await adForActivation(t, 1);
      await call(t.app, 'POST', '/api/verify/phone', { body: { id: a.ad.postId, token: a.token } });
      const code = codeOf((await readOutbox(t.app, a.e164))[0]);
      const check = (c: string, ip: string) =>
        call(t.app, 'POST', '/api/verify/phone-validate', {
          body: { id: a.ad.postId, token: a.token, code: c },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i += 1) {
        expect((await check(otherCode(code), `192.0.2.${String(20 + i)}`)).status).toBe(400);
      }
      expectTooMany(await check(code, '192.0.2.30'));
      expect((await adRow(t, a.ad.postId)).phone_verified_at).toBeNull();

      // Another ad with the same number checks its own code: the count is the ad's.
      const email = 'same-number-check@example.com';
      const b = await createAd(t.app, { email, overrides: { phone: '702-208-4501' } });
      const bToken = (await adMailLinks(t.app, email)).activation.searchParams.get('token');
      await call(t.app, 'POST', '/api/verify/phone', { body: { id: b.postId, token: bToken } });
      const bCode = codeOf((await readOutbox(t.app, a.e164))[0]);
      const right = await call(t.app, 'POST', '/api/verify/phone-validate', {
        body: { id: b.postId, token: bToken, code: bCode },
        remoteAddress: '192.0.2.31',
      });
      expect(right.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('limits code checks per address across numbers', async () => {
    const t = await createTestApp({
      limiter: limiterWith({
        checkPhoneCode: { ip: { max: 2, windowMs: hour }, account: { max: 100, windowMs: hour } },
      }),
    });
    try {
      const a = await adForActivation(t, 1);
      const b = await adForActivation(t, 2);
      const check = (x: Activation, ip: string) =>
        call(t.app, 'POST', '/api/verify/phone-validate', {
          body: { id: x.ad.postId, token: x.token, code: '000000' },
          remoteAddress: ip,
        });
      expect((await check(a, '192.0.2.50')).status).toBe(400);
      expect((await check(b, '192.0.2.50')).status).toBe(400);
      expectTooMany(await check(a, '192.0.2.50'));
      expectTooMany(await check(b, '192.0.2.50'));
      expect((await check(b, '192.0.2.51')).status).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('limits activation-link guesses per client, and never locks the owner out of their link', async () => {
    const t = await createTestApp({
      limiter: limiterWith({
        verifyAdEmail: { ip: { max: 2, windowMs: hour }, account: { max: 2, windowMs: hour } },
      }),
    });
    try {
      const a = await adForActivation(t, 1);
      const guess = (token: string, ip: string) =>
        call(t.app, 'POST', '/api/verify/email', {
          body: { email: a.email, token, id: a.ad.postId },
          remoteAddress: ip,
        });
      const wrong = () => randomBytes(32).toString('base64url');
      // Strangers' wrong links, from several addresses, spend only their own counts.
      for (const ip of ['192.0.2.60', '192.0.2.61']) {
        expect((await guess(wrong(), ip)).status).toBe(400);
        expect((await guess(wrong(), ip)).status).toBe(400);
        expectTooMany(await guess(wrong(), ip));
      }
      // The owner's real link still works.
      expect((await guess(a.token, '192.0.2.62')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
