import { isIPv4, isIPv6 } from 'node:net';
import {
  failureDelayMs,
  loginLockout,
  answers,
  waitSaid,
  rateLimitRules,
  type FailureRule,
  type LimitRule,
  type LoginLockout,
  type RateLimitAction,
} from '@adboard/shared';
import { RateLimitedError } from '../domain/errors.js';

/**
 * Counters keyed by what is being guessed at (a client, an account). The store
 * is swappable so several servers can share counters in Redis.
 */
export interface RateLimitStore {
  /** Adds one hit to `key` and answers the hits in the window and ms until it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /**
   * One guess on `key`, in one step: refused (`waitMs` > 0) while the wait its
   * last guess set runs; else counted, and made to wait `waitsMs[count - 1]`
   * (the last entry past the end) before the next, as though it failed. The
   * count is forgotten `forgetMs` after the last guess.
   */
  take(key: string, waitsMs: readonly number[], forgetMs: number): Promise<{ waitMs: number }>;
  /** Takes back one guess that proved right (a wait it set stays). */
  giveBack(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const guesses = new Map<string, { count: number; waitUntil: number; forgetAt: number }>();
  let lastSweep = now();
  function sweep(t: number) {
    if (t - lastSweep <= 60_000) return;
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
    for (const [k, g] of guesses) if (g.forgetAt <= t) guesses.delete(k);
    lastSweep = t;
  }
  return {
    async hit(key, windowMs) {
      const t = now();
      sweep(t);
      const current = windows.get(key);
      if (!current || current.resetAt <= t) {
        windows.set(key, { count: 1, resetAt: t + windowMs });
        return { count: 1, resetInMs: windowMs };
      }
      current.count += 1;
      return { count: current.count, resetInMs: current.resetAt - t };
    },
    async take(key, waitsMs, forgetMs) {
      const t = now();
      sweep(t);
      const live = guesses.get(key);
      const current = live && live.forgetAt > t ? live : { count: 0, waitUntil: 0, forgetAt: 0 };
      if (current.waitUntil > t) return { waitMs: current.waitUntil - t };
      current.count += 1;
      current.waitUntil = t + (waitsMs[Math.min(current.count, waitsMs.length) - 1] ?? 0);
      current.forgetAt = t + forgetMs;
      guesses.set(key, current);
      return { waitMs: 0 };
    },
    async giveBack(key) {
      const current = guesses.get(key);
      if (current && current.count > 0) current.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
      guesses.delete(key);
    },
  };
}

export {
  loginLockout,
  rateLimitRules,
  type FailureRule,
  type LimitRule,
  type LoginLockout,
  type RateLimitAction,
} from '@adboard/shared';

/**
 * The client an address stands for: an IPv4 address itself (an IPv4-mapped
 * IPv6 address too), an IPv6 address its /64, since one line or host gets a
 * whole /64 to pick from.
 */
export function clientKey(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return ip;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight groups of a valid IPv6 text (node:net checked it), dotted IPv4 tails included. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, dotted.index) + '0:0';
  }
  const [head = '', rest] = text.split('::');
  const split = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const front = split(head);
  const back = rest === undefined ? [] : split(rest);
  const groups = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  if (tail.length === 2) groups.splice(6, 2, ...tail);
  return groups;
}

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

/** Who is signing in: the client's address, the account named, and a device cookie valid for it. */
export interface SignInClient {
  ip: string;
  /** The normalised email, whether or not an account has it. */
  account: string;
  /** The device cookie's own id when the browser holds a valid one for this account. */
  device: string | null;
}

/** A password about to be checked: counted as wrong unless `succeeded` says otherwise. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

/**
 * Wrong passwords (`loginLockout`): per client address, and per account, or
 * per device instead of the account for a browser holding the account's device
 * cookie, so strangers' failures never make the owner's own browser wait.
 */
export interface SignInGuard {
  /**
   * Before the password is checked: 429 while the address, or the account (the
   * device), must wait; otherwise the attempt is counted as a failure at once,
   * so simultaneous guesses cannot all slip through before the first fails.
   */
  begin(client: SignInClient): Promise<SignInAttempt>;
  /** Forgets the account's failures (its password was just changed by its owner). */
  forgetAccount(account: string): Promise<void>;
}

export interface RateLimiter {
  /** Counts one attempt by this client and on this account; throws 429 past either limit. */
  consume(action: RateLimitAction, ip: string, account: string | null): Promise<void>;
  signIn: SignInGuard;
}

function refuse(ms: number): never {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  throw new RateLimitedError(answers.http.tooManyRequests({ wait: waitSaid(seconds) }), seconds);
}

/** The waits after the 1st, 2nd, ... failure, up to the first at the longest wait. */
function waitsOf(rule: FailureRule): number[] {
  const waits: number[] = [];
  for (let n = 1; waits.at(-1) !== rule.maxDelayMs && n <= rule.free + 64; n += 1) {
    waits.push(failureDelayMs(rule, n));
  }
  return waits;
}

function createSignInGuard(store: RateLimitStore, lockout: LoginLockout): SignInGuard {
  const waits = {
    address: waitsOf(lockout.address),
    account: waitsOf(lockout.account),
    device: waitsOf(lockout.device),
  };
  const accountKey = (account: string) => `signin:acct:${account.trim().toLowerCase()}`;
  return {
    async begin(client) {
      const addressKey = `signin:ip:${clientKey(client.ip)}`;
      const byAddress = await store.take(addressKey, waits.address, lockout.address.forgetAfterMs);
      if (byAddress.waitMs > 0) refuse(byAddress.waitMs);
      const ownKey = client.device ? `signin:device:${client.device}` : accountKey(client.account);
      const own = client.device
        ? await store.take(ownKey, waits.device, lockout.device.forgetAfterMs)
        : await store.take(ownKey, waits.account, lockout.account.forgetAfterMs);
      if (own.waitMs > 0) {
        // Not checked, so not counted on the address either.
        await store.giveBack(addressKey);
        refuse(own.waitMs);
      }
      return {
        async succeeded() {
          // The address keeps its other failures; the account (or device) starts afresh.
          // The owner's device leaves strangers' count on the account as it is.
          await store.giveBack(addressKey);
          await store.reset(ownKey);
        },
      };
    },
    async forgetAccount(account) {
      await store.reset(accountKey(account));
    },
  };
}

export function createRateLimiter(
  store: RateLimitStore,
  rules: RuleSet = rateLimitRules,
  lockout: LoginLockout = loginLockout,
): RateLimiter {
  async function check(key: string, rule: LimitRule) {
    const { count, resetInMs } = await store.hit(key, rule.windowMs);
    if (count > rule.max) refuse(resetInMs);
  }
  return {
    async consume(action, ip, account) {
      const rule = rules[action];
      await check(`${action}:ip:${clientKey(ip)}`, rule.ip);
      if (account) await check(`${action}:acct:${account.toLowerCase()}`, rule.account);
    },
    signIn: createSignInGuard(store, lockout),
  };
}
