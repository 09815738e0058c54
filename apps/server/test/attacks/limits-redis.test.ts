import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../src/domain/errors.js';
import { createRateLimiter, loginLockout, rateLimitRules } from '../../src/http/rate-limit.js';
import { createRedisRateLimitStore } from '../../src/http/redis-rate-limit-store.js';

/**
 * Limits hold across servers when REDIS_URL is set: two stores on two
 * connections are two servers. Needs the Redis server on 127.0.0.1:6379 (CI
 * runs one too); a fresh key prefix keeps runs apart.
 */
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function refusal(run: () => Promise<unknown>): Promise<RateLimitedError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof RateLimitedError) return error;
    throw error;
  }
  throw new Error('not limited');
}

describe('rate limits in Redis, shared by every server', () => {
  const prefix = `test-${randomUUID()}:`;
  const connections = [new Redis(url), new Redis(url)] as const;
  const one = createRedisRateLimitStore(connections[0], { prefix });
  const two = createRedisRateLimitStore(connections[1], { prefix });
  beforeAll(async () => {
    // Fails here, not later, when no Redis answers.
    await one.hit('ping', 1000);
  });
  afterAll(async () => {
    for (const connection of connections) connection.disconnect();
    // Leaves nothing behind on a Redis others may share.
    const redis = new Redis(url);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts the hits of a window on both servers together', async () => {
    expect((await one.hit('w', 60_000)).count).toBe(1);
    expect((await two.hit('w', 60_000)).count).toBe(2);
    const third = await one.hit('w', 60_000);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeGreaterThan(55_000);
    expect(third.resetInMs).toBeLessThanOrEqual(60_000);
    await two.reset('w');
    expect((await one.hit('w', 60_000)).count).toBe(1);
  });

  it('starts a new window once the old one has passed', async () => {
    expect((await one.hit('short', 50)).count).toBe(1);
    expect((await two.hit('short', 50)).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await two.hit('short', 50)).count).toBe(1);
  });

  it('makes a guess wait on every server once one server counted it', async () => {
    const waits = [0, 60_000];
    expect(await one.take('g', waits, 3_600_000)).toEqual({ waitMs: 0 });
    expect(await two.take('g', waits, 3_600_000)).toEqual({ waitMs: 0 });
    const refused = await one.take('g', waits, 3_600_000);
    expect(refused.waitMs).toBeGreaterThan(55_000);
    expect(refused.waitMs).toBeLessThanOrEqual(60_000);
    expect((await two.take('g', waits, 3_600_000)).waitMs).toBeGreaterThan(55_000);
    await two.reset('g');
    expect(await one.take('g', waits, 3_600_000)).toEqual({ waitMs: 0 });
  });

  it('lets only one of many simultaneous guesses through when a wait follows each', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).take('burst', [60_000], 3_600_000)),
    );
    expect(results.filter((r) => r.waitMs === 0)).toHaveLength(1);
  });

  it('gives back a guess that proved right, keeping the count of the others', async () => {
    const waits = [0, 60_000];
    await one.take('back', waits, 3_600_000);
    await two.giveBack('back');
    expect(await one.take('back', waits, 3_600_000)).toEqual({ waitMs: 0 });
    expect(await two.take('back', waits, 3_600_000)).toEqual({ waitMs: 0 });
    expect((await one.take('back', waits, 3_600_000)).waitMs).toBeGreaterThan(55_000);
  });

  it('refuses a sign-in on one server after failures seen by the other', async () => {
    const serverOne = createRateLimiter(one);
    const serverTwo = createRateLimiter(two);
    const account = `victim-${randomUUID()}@example.com`;
    for (let i = 0; i <= loginLockout.account.free; i += 1) {
      const server = i % 2 ? serverOne : serverTwo;
      await server.signIn.begin({ ip: `203.0.113.${i + 1}`, account, device: null });
    }
    const error = await refusal(() =>
      serverOne.signIn.begin({ ip: '198.51.100.1', account, device: null }),
    );
    expect(error.retryAfterSeconds).toBe(1);
    // The per-address limit of an ordinary call is shared the same way.
    const max = rateLimitRules.resetPassword.ip.max;
    for (let i = 0; i < max; i += 1) {
      await (i % 2 ? serverOne : serverTwo).consume('resetPassword', '2001:db8:1:2::9', null);
    }
    await refusal(() => serverTwo.consume('resetPassword', '2001:db8:1:2::a', null));
  });
});
