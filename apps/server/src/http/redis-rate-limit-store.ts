import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit.js';

/** Shared counters for several servers behind one load balancer (REDIS_URL). */
export function createRedisRateLimitStore(
  url: string,
): RateLimitStore & { close(): Promise<void> } {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    async hit(key, windowMs) {
      const fullKey = `ratelimit:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(fullKey).pttl(fullKey).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) {
        await redis.pexpire(fullKey, windowMs);
        return { count, resetInMs: windowMs };
      }
      return { count, resetInMs: ttl };
    },
    async reset(key) {
      await redis.del(`ratelimit:${key}`);
    },
    async close() {
      redis.disconnect();
    },
  };
}
