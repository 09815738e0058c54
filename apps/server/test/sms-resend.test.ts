import { adLimits, adMessages, waitInWords, type OutboxMessage, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter } from './support/accounts.js';
import { adMailLinks, adRow, createAd, expectErrorBody } from './support/ads.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

type Response = Awaited<ReturnType<typeof call>>;

interface Activation {
  postId: string;
  editToken: string;
  /** The `token` of the mailed /activate link. */
  token: string;
  e164: string;
}

function codeOf(message: OutboxMessage | undefined): string {
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code in the SMS');
  return code;
}

function retryAfter(res: Response): number {
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds)).toBe(true);
  return seconds;
}

describe("'Resend code': a new SMS code, limited per ad", () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  /** An anonymous ad with its own email and phone (line 47xx of 702-208). */
  async function next(phoneLine?: string): Promise<Activation> {
    n += 1;
    const email = `resend-${String(n)}@example.com`;
    const line = phoneLine ?? String(4700 + n);
    const ad = await createAd(t.app, { email, overrides: { phone: `702-208-${line}` } });
    const token = (await adMailLinks(t.app, email)).activation.searchParams.get('token') ?? '';
    return { postId: ad.postId, editToken: ad.token, token, e164: `+1702208${line}` };
  }

  const send = (a: Activation, resend = false) =>
    call(t.app, 'POST', '/api/verify/phone', {
      body: { id: a.postId, token: a.token, ...(resend ? { resend: true } : {}) },
    });
  const check = (a: Activation, code: string) =>
    call(t.app, 'POST', '/api/verify/phone-validate', {
      body: { id: a.postId, token: a.token, code },
    });
  /** Moves every code of the ad `seconds` into the past, as time passing would. */
  const age = (a: Activation, seconds: number) =>
    t.database.pool.query(
      `UPDATE phone_codes SET created_at = created_at - make_interval(secs => $2),
         expires_at = expires_at - make_interval(secs => $2) WHERE ad_id = $1`,
      [a.postId, seconds],
    );

  it('answers the server’s gap and the code’s lifetime with each text', async () => {
    const a = await next();
    const first = await send(a);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      success: true,
      smsSent: true,
      verified_phone: false,
      resendInSeconds: adLimits.smsResendWaitSeconds,
      codeValidMinutes: adLimits.smsCodeTtlMinutes,
    });
    // Opening the page again texts nothing while the code is live, and counts the gap down.
    await age(a, 20);
    const again = await send(a);
    expect(again.json).toMatchObject({
      smsSent: true,
      resendInSeconds: adLimits.smsResendWaitSeconds - 20,
    });
    expect(await readOutbox(t.app, a.e164)).toHaveLength(1);
  });

  it('texts a new code on resend once the gap has passed: the new code works, the old one no longer does', async () => {
    const a = await next();
    await send(a);
    const old = codeOf((await readOutbox(t.app, a.e164))[0]);
    await age(a, adLimits.smsResendWaitSeconds);

    const resent = await send(a, true);
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({ smsSent: true, verified_phone: false });
    const texts = await readOutbox(t.app, a.e164);
    expect(texts).toHaveLength(2);
    const fresh = codeOf(texts[0]);

    if (fresh !== old) {
      const stale = await check(a, old);
      expectErrorBody(stale, 400);
      expect((stale.json as { error: string }).error).toBe(
        sayIn('en', adMessages.verification.smsCodeFailed),
      );
    }
    expect((await check(a, fresh)).status).toBe(200);
    expect((await adRow(t, a.postId)).phone_verified_at).toBeInstanceOf(Date);
  });

  it('refuses a resend within the gap with 429, its catalogue message and Retry-After, texting nothing', async () => {
    const a = await next();
    await send(a);
    await age(a, 15);
    const early = await send(a, true);
    expectErrorBody(early, 429);
    const seconds = retryAfter(early);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(adLimits.smsResendWaitSeconds - 15);
    expect((early.json as { error: string }).error).toBe(
      sayIn('en', adMessages.verification.resendTooSoon({ wait: waitInWords(seconds) })),
    );
    expect(await readOutbox(t.app, a.e164)).toHaveLength(1);
  });

  it(`texts at most ${String(adLimits.smsCodesPerHour)} codes an hour per ad, then 429 until the oldest is an hour old`, async () => {
    const a = await next();
    for (let i = 0; i < adLimits.smsCodesPerHour; i += 1) {
      expect((await send(a, true)).status).toBe(200);
      await age(a, adLimits.smsResendWaitSeconds);
    }
    const over = await send(a, true);
    expectErrorBody(over, 429);
    const seconds = retryAfter(over);
    const oldestAge = adLimits.smsCodesPerHour * adLimits.smsResendWaitSeconds;
    expect(seconds).toBeGreaterThan(3600 - oldestAge - 5);
    expect(seconds).toBeLessThanOrEqual(3600 - oldestAge);
    expect((over.json as { error: string }).error).toBe(
      sayIn(
        'en',
        adMessages.verification.resendHourly({
          count: adLimits.smsCodesPerHour,
          wait: waitInWords(seconds),
        }),
      ),
    );
    expect(await readOutbox(t.app, a.e164)).toHaveLength(adLimits.smsCodesPerHour);

    // An hour after the first text, one more may go.
    await age(a, 3600 - oldestAge);
    expect((await send(a, true)).status).toBe(200);
  });

  it('replaces a used-up code at once (within the hourly count), without waiting for the gap', async () => {
    const a = await next();
    await send(a);
    const code = codeOf((await readOutbox(t.app, a.e164))[0]);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < adLimits.smsCodeMaxAttempts; i += 1) await check(a, wrong);
    expect((await send(a)).status).toBe(200);
    expect(await readOutbox(t.app, a.e164)).toHaveLength(2);
  });

  it('never lets a stranger’s ad with the same number spend the owner’s texts', async () => {
    const owner = await next('4790');
    const stranger = await next('4790');
    for (let i = 0; i < adLimits.smsCodesPerHour; i += 1) {
      expect((await send(stranger, true)).status).toBe(200);
      await age(stranger, adLimits.smsResendWaitSeconds);
    }
    expectErrorBody(await send(stranger, true), 429);
    // The owner's ad still gets its code, and a resend after the gap.
    expect((await send(owner)).status).toBe(200);
    await age(owner, adLimits.smsResendWaitSeconds);
    expect((await send(owner, true)).status).toBe(200);
    expect(await readOutbox(t.app, owner.e164)).toHaveLength(adLimits.smsCodesPerHour + 2);
  });

  it('works for the owner with the edit token too', async () => {
    const a = await next();
    const res = await call(t.app, 'POST', '/api/verify/phone', {
      body: { id: a.postId, resend: true },
      headers: { 'edit-token': a.editToken },
    });
    expect(res.status).toBe(200);
    expect(await readOutbox(t.app, a.e164)).toHaveLength(1);
  });
});
