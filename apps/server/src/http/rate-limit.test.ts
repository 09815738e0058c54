import { messages } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../domain/errors.js';
import { createMemoryRateLimitStore, createRateLimiter, rateLimitRules } from './rate-limit.js';

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
    expect(error.message).toBe(messages.http.tooManyRequests(8));
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
