import type { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit.js';

/**
 * A fixed window in one step: the first hit starts the window (a key left
 * without expiry by a cut connection gets one on its next hit).
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/**
 * One guess (RateLimitStore.take) in one step, on Redis's clock so servers
 * with skewed clocks agree: ARGV[1] is the forget time, ARGV[2..] the waits.
 */
const TAKE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local count = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local waitUntil = tonumber(redis.call('HGET', KEYS[1], 'w') or '0')
if waitUntil > now then return waitUntil - now end
count = count + 1
local index = math.min(count, #ARGV - 1) + 1
redis.call('HSET', KEYS[1], 'n', count, 'w', now + tonumber(ARGV[index]))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0`;

const GIVE_BACK = `
if tonumber(redis.call('HGET', KEYS[1], 'n') or '0') > 0 then
  redis.call('HINCRBY', KEYS[1], 'n', -1)
end
return 0`;

/**
 * Shared counters for several servers behind one load balancer (REDIS_URL), on
 * the caller's connection. A call fails when Redis does not answer in time:
 * the failover store (failover-rate-limit-store.ts) then counts in memory.
 */
export function createRedisRateLimitStore(
  redis: Redis,
  options: { prefix?: string } = {},
): RateLimitStore {
  const prefix = options.prefix ?? 'ratelimit:';
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, windowMs)) as [number, number];
      return { count, resetInMs: ttl };
    },
    async take(key, waitsMs, forgetMs) {
      const waitMs = (await redis.eval(
        TAKE,
        1,
        prefix + key,
        forgetMs,
        ...(waitsMs.length > 0 ? waitsMs : [0]),
      )) as number;
      return { waitMs };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
