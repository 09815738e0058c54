import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from '../support/accounts.js';
import { readOutbox } from '../support/outbox.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';

type Answer = Awaited<ReturnType<typeof call>>;

/** Everything a client sees of an answer but the clock: status, headers, cookies, body. */
function visible(answer: Answer) {
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => name !== 'date'),
  );
  return { status: answer.status, headers, body: answer.text };
}

function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const a = sorted[low] ?? Number.NaN;
  const b = sorted[high] ?? Number.NaN;
  return a + (b - a) * (at - low);
}

/**
 * How often a known email's answer took longer than an unknown one's (ties half):
 * 0.5 when the two are alike, near 1 when the known one is reliably slower. This is
 * the Mann-Whitney U statistic over n·m, read as an effect size rather than a
 * p-value, so that many samples do not turn a negligible difference into a failure.
 */
function probabilityKnownSlower(known: number[], unknown: number[]): number {
  let wins = 0;
  for (const k of known) for (const u of unknown) wins += k > u ? 1 : k === u ? 0.5 : 0;
  return wins / (known.length * unknown.length);
}

interface Timing {
  medianRatio: number;
  p90Ratio: number;
  knownSlower: number;
  medians: { known: number; unknown: number };
}

/**
 * Times `rounds` pairs of requests after `warmUp` pairs that are thrown away, each
 * pair one request with a known email and one with an unknown, the order alternating
 * (known, unknown, unknown, known, ...) so that whatever the machine does meanwhile
 * falls on both sides alike and each side follows each side as often.
 */
async function compareTimes(
  options: { rounds: number; warmUp: number },
  known: (i: number) => Promise<Answer>,
  unknown: (i: number) => Promise<Answer>,
): Promise<Timing> {
  const times = { known: [] as number[], unknown: [] as number[] };
  const timed = async (side: 'known' | 'unknown', i: number) => {
    const send = side === 'known' ? known : unknown;
    const started = performance.now();
    const answer = await send(i);
    const elapsed = performance.now() - started;
    expect(answer.status, answer.text).toBe(200);
    if (i >= options.warmUp) times[side].push(elapsed);
  };
  for (let i = 0; i < options.warmUp + options.rounds; i += 1) {
    const first = i % 2 === 0 ? 'known' : 'unknown';
    await timed(first, i);
    await timed(first === 'known' ? 'unknown' : 'known', i);
  }
  const k = [...times.known].sort((a, b) => a - b);
  const u = [...times.unknown].sort((a, b) => a - b);
  const ratio = (a: number, b: number) => Math.max(a / b, b / a);
  return {
    medianRatio: ratio(quantile(k, 0.5), quantile(u, 0.5)),
    p90Ratio: ratio(quantile(k, 0.9), quantile(u, 0.9)),
    knownSlower: probabilityKnownSlower(k, u),
    medians: { known: quantile(k, 0.5), unknown: quantile(u, 0.5) },
  };
}

/**
 * The bounds: today's reset answered a known email in about 2.3 times the median of
 * an unknown one, the known side slower in nearly every pair. Alike means within
 * a quarter at the median and half at the 90th percentile, and neither side slower
 * in clearly more than half the comparisons.
 */
function expectAlike(timing: Timing, bounds = { median: 1.25, p90: 1.5, slower: 0.15 }) {
  const summary = JSON.stringify(timing);
  expect(timing.medianRatio, summary).toBeLessThan(bounds.median);
  expect(timing.p90Ratio, summary).toBeLessThan(bounds.p90);
  expect(Math.abs(timing.knownSlower - 0.5), summary).toBeLessThan(bounds.slower);
}

describe('account enumeration: a known email is answered like an unknown one', () => {
  let t: TestApp;
  const password = 'a long enough passphrase';
  /** Verified accounts, and accounts that never entered their code. */
  const verified = Array.from({ length: 8 }, (_, i) => `verified.${i}@example.com`);
  const unverified = Array.from({ length: 8 }, (_, i) => `unverified.${i}@example.com`);
  let fresh = 0;
  const unknownEmail = () => `nobody.${(fresh += 1)}@example.com`;

  const post = (path: string, body: object) =>
    call(t.app, 'POST', `/api/user/${path}`, { body, remoteAddress: '198.51.100.7' });
  const reset = (email: string) => post('resetpassword', { email });
  const resend = (email: string) => post('resendcode', { email });
  const register = (email: string) => post('register', { email, password: 'another passphrase' });

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    for (const email of verified) await registerVerified(t.app, email, password);
    for (const email of unverified) {
      const res = await call(t.app, 'POST', '/api/user/register', { body: { email, password } });
      expect(res.status).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  describe('in content: status, headers, cookies and body', () => {
    it('password reset', async () => {
      const answers = [
        await reset(unknownEmail()),
        await reset(verified[0] ?? ''),
        await reset(unverified[0] ?? ''),
      ].map(visible);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0]?.headers['set-cookie']).toBeUndefined();
    });

    it('resend code', async () => {
      const answers = [
        await resend(unknownEmail()),
        await resend(unverified[1] ?? ''),
        await resend(verified[1] ?? ''),
      ].map(visible);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0]?.headers['set-cookie']).toBeUndefined();
    });

    it('registration', async () => {
      const answers = [
        await register(unknownEmail()),
        await register(verified[2] ?? ''),
        await register(unverified[2] ?? ''),
      ].map(visible);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0]?.headers['set-cookie']).toBeUndefined();
    });

    it('mails only the owners of accounts, each what fits their account', async () => {
      const stranger = unknownEmail();
      await reset(stranger);
      await resend(stranger);
      expect(await readOutbox(t.app, stranger)).toEqual([]);

      const owner = verified[3] ?? '';
      await reset(owner);
      expect((await readOutbox(t.app, owner))[0]?.subject).toContain('Reset your password');
      await register(owner);
      expect((await readOutbox(t.app, owner))[0]?.subject).toContain('You already have an account');
      const before = (await readOutbox(t.app, owner)).length;
      await resend(owner);
      expect(await readOutbox(t.app, owner)).toHaveLength(before);

      const pending = unverified[3] ?? '';
      await resend(pending);
      expect((await readOutbox(t.app, pending))[0]?.subject).toContain('verification code');
    });
  });

  describe('in time: the distributions of answer times match', () => {
    it('password reset: a verified account against no account', async () => {
      const timing = await compareTimes(
        { rounds: 300, warmUp: 40 },
        (i) => reset(verified[i % verified.length] ?? ''),
        () => reset(unknownEmail()),
      );
      expectAlike(timing);
    }, 120_000);

    it('resend code: an account waiting for its code against no account', async () => {
      const timing = await compareTimes(
        { rounds: 300, warmUp: 40 },
        (i) => resend(unverified[i % unverified.length] ?? ''),
        () => resend(unknownEmail()),
      );
      expectAlike(timing);
    }, 120_000);

    it('registration: a registered email against a new one', async () => {
      // Each answer includes hashing the password (argon2, tens of milliseconds), so
      // fewer rounds; the bounds are the same.
      const timing = await compareTimes(
        { rounds: 80, warmUp: 10 },
        (i) => register(verified[i % verified.length] ?? ''),
        () => register(unknownEmail()),
      );
      expectAlike(timing);
    }, 240_000);
  });
});
