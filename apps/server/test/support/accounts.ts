import type { FastifyInstance } from 'fastify';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  rateLimitRules,
  type LimitRule,
  type RateLimitAction,
  type RateLimiter,
} from '../../src/http/rate-limit.js';
import type { TestApp } from './test-app.js';
import { call } from './test-app.js';
import { latestCode } from './outbox.js';

type Rules = Record<RateLimitAction, { ip: LimitRule; account: LimitRule }>;

/** The real rules with every limit raised, for files that test something other than limits. */
export function relaxedLimiter(): RateLimiter {
  const rules = Object.fromEntries(
    Object.entries(rateLimitRules).map(([action, rule]) => [
      action,
      { ip: { ...rule.ip, max: 10_000 }, account: { ...rule.account, max: 10_000 } },
    ]),
  ) as Rules;
  const free = { free: 10_000, firstDelayMs: 0, maxDelayMs: 0, forgetAfterMs: 60_000 };
  return createRateLimiter(createMemoryRateLimitStore(), rules, {
    address: free,
    account: free,
    device: free,
  });
}

/** The real rules with one action's limits replaced, so a 429 is reached in a few calls. */
export function limiterWith(
  overrides: Partial<Record<RateLimitAction, { ip: LimitRule; account: LimitRule }>>,
): RateLimiter {
  return createRateLimiter(createMemoryRateLimitStore(), { ...rateLimitRules, ...overrides });
}

export interface SignedIn {
  token: string;
  userId: string;
}

/** Registers and verifies with the mailed code, as a user would; answers the new session. */
export async function registerVerified(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<SignedIn> {
  const reg = await call(app, 'POST', '/api/user/register', { body: { email, password } });
  if (reg.status !== 200) throw new Error(`register answered ${reg.status}: ${reg.text}`);
  const code = await latestCode(app, email);
  const res = await call(app, 'POST', '/api/user/verifyemail', { body: { email, code } });
  if (res.status !== 200) throw new Error(`verifyemail answered ${res.status}: ${res.text}`);
  const user = (res.json as { user: { token: string; user_id: string } }).user;
  return { token: user.token, userId: user.user_id };
}

export async function login(app: FastifyInstance, email: string, password: string) {
  return call(app, 'POST', '/api/user/login', { body: { email, password } });
}

/** Reads one number from SQL, e.g. a count. */
export async function sqlCount(t: TestApp, text: string, values: unknown[] = []): Promise<number> {
  const result = await t.database.pool.query<{ n: string }>(text, values);
  return Number(result.rows[0]?.n ?? 0);
}
