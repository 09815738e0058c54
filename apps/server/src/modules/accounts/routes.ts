import {
  changePasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
  type LoginResult,
  type RegisterResult,
  type UserStatus,
  type VerifyEmailResult,
} from '@adboard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitAction, RateLimiter } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { changePassword } from './change-password.js';
import { loginUser } from './login-user.js';
import { registerUser } from './register-user.js';
import { requestPasswordReset } from './request-password-reset.js';
import { resendEmailCode } from './resend-email-code.js';
import { revokeSession } from './sessions.js';
import { verifyEmail } from './verify-email.js';

function siteContext(request: FastifyRequest): SiteContext {
  return { site: request.site, appOrigin: request.appOrigin };
}

/** The account the body names, for the per-account limit, read before validation. */
function claimedEmail(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('email' in body)) return null;
  const { email } = body;
  return typeof email === 'string' ? email.trim().slice(0, 254) : null;
}

/**
 * Every route is the same chain: rate limit, validate, run the use case,
 * present `{ success, ... }`.
 */
export function accountRoutes(
  app: FastifyInstance,
  deps: AccountDeps & { limiter: RateLimiter },
): void {
  const limit = (action: RateLimitAction, request: FastifyRequest) =>
    deps.limiter.consume(action, request.ip, claimedEmail(request.body));

  app.post('/api/user/register', async (request): Promise<RegisterResult> => {
    await limit('register', request);
    const body = parseInput(registerBodySchema, request.body);
    // A user only when completed registration signed the new account in at once.
    const user = await registerUser(deps, siteContext(request), body);
    return user ? { success: true, user } : { success: true };
  });

  app.post('/api/user/verifyemail', async (request): Promise<VerifyEmailResult> => {
    await limit('verifyEmail', request);
    const body = parseInput(verifyEmailBodySchema, request.body);
    const user = await verifyEmail(deps, body);
    return { success: true, user };
  });

  app.post('/api/user/resendcode', async (request) => {
    await limit('resendCode', request);
    const body = parseInput(resendCodeBodySchema, request.body);
    await resendEmailCode(deps, siteContext(request), body);
    return { success: true };
  });

  app.post('/api/user/login', async (request): Promise<LoginResult> => {
    await limit('login', request);
    const body = parseInput(loginBodySchema, request.body);
    const data = await loginUser(deps, siteContext(request), body);
    return { success: true, data };
  });

  app.post('/api/user/logout', async (request) => {
    const token = request.actor.sessionToken;
    if (token) await revokeSession(deps.database.db, token);
    return { success: true };
  });

  app.post('/api/user/resetpassword', async (request) => {
    await limit('resetPassword', request);
    const body = parseInput(resetPasswordBodySchema, request.body);
    await requestPasswordReset(deps, siteContext(request), body);
    return { success: true };
  });

  app.post('/api/user/changepassword', async (request) => {
    await limit('changePassword', request);
    const body = parseInput(changePasswordBodySchema, request.body);
    await changePassword(deps, siteContext(request), body);
    return { success: true };
  });

  app.get('/api/user/status', async (request): Promise<UserStatus> => {
    const user = request.actor.user;
    if (!user) return { ok: false };
    return { ok: true, email: user.email, userId: user.id, role: user.role };
  });
}
