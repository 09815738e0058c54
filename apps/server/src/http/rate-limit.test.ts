import { waitInWords, catalogueAreas, messagesOf } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../domain/errors.js';
import {
  clientKey,
  createMemoryRateLimitStore,
  createRateLimiter,
  loginLockout,
  rateLimitRules,
} from './rate-limit.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('memory rate-limit store', () => {
  it('counts hits in a window and starts again once it has passed', async () => {
    const c = clock();
    const store = createMemoryRateLimitStore(c.now);
    expect(await store.hit('k', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    c.advance(400);
    expect(await store.hit('k', 1000)).toEqual({ count: 2, resetInMs: 600 });
    c.advance(599);
    expect(await store.hit('k', 1000)).toEqual({ count: 3, resetInMs: 1 });
    c.advance(1);
    expect(await store.hit('k', 1000)).toEqual({ count: 1, resetInMs: 1000 });
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const c = clock();
    const store = createMemoryRateLimitStore(c.now);
    await store.hit('a', 1000);
    await store.hit('a', 1000);
    expect((await store.hit('b', 1000)).count).toBe(1);
    await store.reset('a');
    expect((await store.hit('a', 1000)).count).toBe(1);
  });

  it('still counts correctly after sweeping old windows', async () => {
    const c = clock();
    const store = createMemoryRateLimitStore(c.now);
    await store.hit('old', 1000);
    await store.hit('long', 10 * 60_000);
    c.advance(61_000);
    expect((await store.hit('long', 10 * 60_000)).count).toBe(2);
    expect((await store.hit('old', 1000)).count).toBe(1);
  });
});

describe('memory rate-limit store: guesses', () => {
  it('lets a guess through, then makes the next wait what the count calls for', async () => {
    const c = clock();
    const store = createMemoryRateLimitStore(c.now);
    const waits = [0, 1000, 5000];
    expect(await store.take('g', waits, 60_000)).toEqual({ waitMs: 0 });
    expect(await store.take('g', waits, 60_000)).toEqual({ waitMs: 0 });
    expect(await store.take('g', waits, 60_000)).toEqual({ waitMs: 1000 });
    c.advance(1000);
    expect(await store.take('g', waits, 60_000)).toEqual({ waitMs: 0 });
    c.advance(4000);
    expect(await store.take('g', waits, 60_000)).toEqual({ waitMs: 1000 });
    c.advance(1000);
    // Past the end of the list, the last wait again.
    expect(await store.take('g', waits, 60_000)).toEqual({ waitMs: 0 });
    expect(await store.take('g', waits, 60_000)).toEqual({ waitMs: 5000 });
  });

  it('forgets the count a while after the last guess, and gives back one guess', async () => {
    const c = clock();
    const store = createMemoryRateLimitStore(c.now);
    const waits = [0, 0, 9000];
    await store.take('f', waits, 60_000);
    await store.take('f', waits, 60_000);
    c.advance(60_000);
    await store.take('f', waits, 60_000);
    await store.giveBack('f');
    await store.take('f', waits, 60_000);
    expect(await store.take('f', waits, 60_000)).toEqual({ waitMs: 0 });
    expect(await store.take('f', waits, 60_000)).toEqual({ waitMs: 0 });
    expect((await store.take('f', waits, 60_000)).waitMs).toBe(9000);
  });
});

describe('clientKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not an address', 'not an address'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe('the refusal message', () => {
  it.each([
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [477, '8 minutes'],
    [900, '15 minutes'],
    [3600, '60 minutes'],
    [90 * 60 + 1, '2 hours'],
    [24 * 3600, '24 hours'],
  ])('says a wait of %i s as "%s"', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
    expect(answersEn.http.tooManyRequests({ wait: waitInWords(seconds) })).toBe(
      `Too many attempts. Please try again in ${words}.`,
    );
  });
});

describe('sign-in guard', () => {
  const rule = { free: 2, firstDelayMs: 1000, maxDelayMs: 4000, forgetAfterMs: 60_000 };
  const lockout = { address: { ...rule, free: 4 }, account: rule, device: rule };

  async function refusedFor(run: () => Promise<unknown>): Promise<number> {
    try {
      await run();
    } catch (error) {
      if (error instanceof RateLimitedError) return error.retryAfterSeconds;
      throw error;
    }
    return 0;
  }

  it('waits 1, 2, 4, 4 s per account after the free failures, never longer', async () => {
    const c = clock();
    const guard = createRateLimiter(
      createMemoryRateLimitStore(c.now),
      rateLimitRules,
      lockout,
    ).signIn;
    let n = 0;
    const fail = () =>
      guard.begin({ ip: `192.0.2.${(n += 1)}`, account: 'a@x.example', device: null });
    for (let i = 0; i < rule.free; i += 1) await fail();
    const waits: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await fail();
      const wait = await refusedFor(() =>
        guard.begin({ ip: '198.51.100.1', account: 'A@x.example ', device: null }),
      );
      waits.push(wait);
      c.advance(wait * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 4, 4]);
  });

  it('lets only one of simultaneous guesses through once a wait follows', async () => {
    const c = clock();
    const guard = createRateLimiter(
      createMemoryRateLimitStore(c.now),
      rateLimitRules,
      lockout,
    ).signIn;
    for (let i = 0; i < 2; i += 1)
      await guard.begin({ ip: `192.0.2.${i}`, account: 'b', device: null });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        guard.begin({ ip: `198.51.100.${i}`, account: 'b', device: null }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('counts a trusted device on its own, and a success starts it afresh', async () => {
    const c = clock();
    const guard = createRateLimiter(
      createMemoryRateLimitStore(c.now),
      rateLimitRules,
      lockout,
    ).signIn;
    for (let i = 0; i < 6; i += 1) {
      await guard.begin({ ip: `192.0.2.${i}`, account: 'c', device: null }).catch(() => undefined);
    }
    expect(
      await refusedFor(() => guard.begin({ ip: '198.51.100.1', account: 'c', device: null })),
    ).toBeGreaterThan(0);
    const attempt = await guard.begin({ ip: '198.51.100.1', account: 'c', device: 'dev1' });
    await attempt.succeeded();
    for (let i = 0; i < 3; i += 1) {
      await guard.begin({ ip: `198.51.100.${i + 2}`, account: 'c', device: 'dev1' });
    }
    expect(
      await refusedFor(() => guard.begin({ ip: '198.51.100.9', account: 'c', device: 'dev1' })),
    ).toBe(1);
    expect(
      await refusedFor(() => guard.begin({ ip: '198.51.100.9', account: 'c', device: 'dev2' })),
    ).toBe(0);
  });

  it('does not count an attempt refused for its account against its address', async () => {
    const c = clock();
    const guard = createRateLimiter(
      createMemoryRateLimitStore(c.now),
      rateLimitRules,
      lockout,
    ).signIn;
    for (let i = 0; i < 3; i += 1)
      await guard.begin({ ip: `192.0.2.${i}`, account: 'd', device: null });
    for (let i = 0; i < 10; i += 1) {
      expect(
        await refusedFor(() => guard.begin({ ip: '203.0.113.1', account: 'd', device: null })),
      ).toBeGreaterThan(0);
    }
    for (let i = 0; i < 4; i += 1) {
      await guard.begin({ ip: '203.0.113.1', account: `other${i}`, device: null });
    }
  });

  it('ships the rules the docs name', () => {
    expect(loginLockout.address).toMatchObject({ free: 10, maxDelayMs: 30 * 60_000 });
    expect(loginLockout.account).toMatchObject({ free: 5, maxDelayMs: 15 * 60_000 });
  });
});

describe('rate limiter', () => {
  const rules = {
    ...rateLimitRules,
    login: { ip: { max: 3, windowMs: 60_000 }, account: { max: 2, windowMs: 10_000 } },
  };

  async function refusal(run: () => Promise<void>): Promise<RateLimitedError> {
    try {
      await run();
    } catch (error) {
      if (error instanceof RateLimitedError) return error;
      throw error;
    }
    throw new Error('not limited');
  }

  it('refuses past the account limit with seconds until the window resets', async () => {
    const c = clock();
    const limiter = createRateLimiter(createMemoryRateLimitStore(c.now), rules);
    await limiter.consume('login', '1.1.1.1', 'A@x.example');
    await limiter.consume('login', '2.2.2.2', 'a@x.example');
    c.advance(2500);
    const error = await refusal(() => limiter.consume('login', '3.3.3.3', 'a@X.example'));
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(8);
    expect(error.message).toBe(answersEn.http.tooManyRequests({ wait: waitInWords(8) }));
    c.advance(7500);
    await expect(limiter.consume('login', '3.3.3.3', 'a@x.example')).resolves.toBeUndefined();
  });

  it('refuses past the address limit whatever the account', async () => {
    const c = clock();
    const limiter = createRateLimiter(createMemoryRateLimitStore(c.now), rules);
    for (let i = 0; i < 3; i += 1) await limiter.consume('login', '9.9.9.9', `u${i}@x.example`);
    const error = await refusal(() => limiter.consume('login', '9.9.9.9', 'fresh@x.example'));
    expect(error.retryAfterSeconds).toBe(60);
    await expect(limiter.consume('login', '8.8.8.8', 'fresh@x.example')).resolves.toBeUndefined();
  });

  it('answers at least one second', async () => {
    const c = clock();
    const limiter = createRateLimiter(createMemoryRateLimitStore(c.now), rules);
    await limiter.consume('login', '1.1.1.1', 'b@x.example');
    await limiter.consume('login', '1.1.1.2', 'b@x.example');
    c.advance(9_999);
    const error = await refusal(() => limiter.consume('login', '1.1.1.3', 'b@x.example'));
    expect(error.retryAfterSeconds).toBe(1);
  });

  it('keeps each action on its own counters', async () => {
    const c = clock();
    const limiter = createRateLimiter(createMemoryRateLimitStore(c.now), rules);
    for (let i = 0; i < 3; i += 1) await limiter.consume('login', '7.7.7.7', null);
    await expect(limiter.consume('register', '7.7.7.7', null)).resolves.toBeUndefined();
  });
});
