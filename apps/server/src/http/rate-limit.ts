import { messages, rateLimitRules, type LimitRule, type RateLimitAction } from '@adboard/shared';
import { RateLimitedError } from '../domain/errors.js';

/**
 * Fixed-window counters keyed by what is being guessed at (an IP, an account).
 * The store is swappable so several servers can share counters in Redis.
 */
export interface RateLimitStore {
  /** Adds one hit to `key` and answers the hits in the window and ms until it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    async hit(key, windowMs) {
      const t = now();
      if (t - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        lastSweep = t;
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= t) {
        windows.set(key, { count: 1, resetAt: t + windowMs });
        return { count: 1, resetInMs: windowMs };
      }
      current.count += 1;
      return { count: current.count, resetInMs: current.resetAt - t };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export { rateLimitRules, type LimitRule, type RateLimitAction } from '@adboard/shared';

type RuleSet = Record<RateLimitAction, { ip: LimitRule; account: LimitRule }>;

/** Every limit multiplied by `factor` (load tests only; production refuses a factor above 1). */
export function scaledRules(factor: number, rules: RuleSet = rateLimitRules): RuleSet {
  const scaled = {} as RuleSet;
  for (const [action, rule] of Object.entries(rules) as [
    RateLimitAction,
    RuleSet[RateLimitAction],
  ][]) {
    scaled[action] = {
      ip: { ...rule.ip, max: rule.ip.max * factor },
      account: { ...rule.account, max: rule.account.max * factor },
    };
  }
  return scaled;
}

export interface RateLimiter {
  /** Counts one attempt by this IP and on this account; throws 429 past either limit. */
  consume(action: RateLimitAction, ip: string, account: string | null): Promise<void>;
}

export function createRateLimiter(
  store: RateLimitStore,
  rules: Record<RateLimitAction, { ip: LimitRule; account: LimitRule }> = rateLimitRules,
): RateLimiter {
  async function check(key: string, rule: LimitRule) {
    const { count, resetInMs } = await store.hit(key, rule.windowMs);
    if (count > rule.max) {
      const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
      throw new RateLimitedError(messages.http.tooManyRequests(seconds), seconds);
    }
  }
  return {
    async consume(action, ip, account) {
      const rule = rules[action];
      await check(`${action}:ip:${ip}`, rule.ip);
      if (account) await check(`${action}:acct:${account.toLowerCase()}`, rule.account);
    },
  };
}
