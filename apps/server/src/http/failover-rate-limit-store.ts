import type { RateLimitStore } from './rate-limit.js';

export interface FailoverOptions {
  /** Whether the shared store's connection is up; while it is not, it is not asked at all. */
  isConnected: () => boolean;
  /** Told of each failure met (the caller says it in the log, once a minute). */
  onDown: (error: unknown) => void;
  /**
   * After a failed call (a hung server answers nothing until the call times out),
   * the shared store is left alone this long, so only one request in that time pays
   * the timeout. Default 1 s.
   */
  retryAfterMs?: number;
  now?: () => number;
}

/**
 * Limits that never fail a request because the shared store (Redis) is down:
 * each call goes to `shared` while it answers and to `local` (this process's
 * memory) otherwise, and back to `shared` by itself once it answers again. Counts
 * made in memory meanwhile stay there: for the outage each process allows the
 * full limit, as a single server always does.
 */
export function createFailoverRateLimitStore(
  shared: RateLimitStore,
  local: RateLimitStore,
  options: FailoverOptions,
): RateLimitStore {
  const now = options.now ?? Date.now;
  const retryAfterMs = options.retryAfterMs ?? 1_000;
  let leftAloneUntil = -Infinity;

  async function run<T>(call: (store: RateLimitStore) => Promise<T>): Promise<T> {
    if (now() < leftAloneUntil) return call(local);
    if (!options.isConnected()) {
      options.onDown(new Error('Redis is not connected'));
      return call(local);
    }
    try {
      return await call(shared);
    } catch (error) {
      leftAloneUntil = now() + retryAfterMs;
      options.onDown(error);
      return call(local);
    }
  }

  return {
    hit: (key, windowMs) => run((store) => store.hit(key, windowMs)),
    take: (key, waitsMs, forgetMs) => run((store) => store.take(key, waitsMs, forgetMs)),
    giveBack: (key) => run((store) => store.giveBack(key)),
    reset: (key) => run((store) => store.reset(key)),
  };
}
