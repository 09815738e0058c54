import {
  changePasswordEndpoint,
  loginEndpoint,
  logoutEndpoint,
  registerEndpoint,
  resendCodeEndpoint,
  resetPasswordEndpoint,
  userStatusEndpoint,
  verifyEmailEndpoint,
} from '@adboard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { preparedRoute, route, type RouteChain } from '../../http/route.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { changePassword } from './change-password.js';
import { checkCredentials, loginUser } from './login-user.js';
import { hashNewPassword } from './passwords.js';
import { registerUser } from './register-user.js';
import { requestPasswordReset } from './request-password-reset.js';
import { resendEmailCode } from './resend-email-code.js';
import { revokeSession } from './sessions.js';
import { verifyEmail } from './verify-email.js';

function siteContext(request: FastifyRequest): SiteContext {
  return { site: request.site, appOrigin: request.appOrigin };
}

/**
 * The account calls, each a declared endpoint's handler: run the use case, present
 * `{ success, ... }`. Passwords are hashed and checked (argon2, slow by design)
 * in `prepare`, before the chain opens the transaction.
 */
export function accountRoutes(
  app: FastifyInstance,
  deps: AccountDeps & { routeChain: RouteChain },
): void {
  preparedRoute(
    app,
    deps.routeChain,
    registerEndpoint,
  )({
    prepare: ({ body, request }) => hashNewPassword(body.password, request.site.passwordMinLength),
    write: async ({ tx, body, request }, passwordHash) => {
      // A user only when completed registration signed the new account in at once.
      const user = await registerUser(tx, deps, siteContext(request), body, passwordHash);
      return user ? { success: true, user } : { success: true };
    },
  });

  route(app, deps.routeChain, verifyEmailEndpoint, async ({ tx, body }) => {
    const user = await verifyEmail(tx, body);
    return { success: true, user };
  });

  route(app, deps.routeChain, resendCodeEndpoint, async ({ tx, body, request }) => {
    await resendEmailCode(tx, deps, siteContext(request), body);
    return { success: true };
  });

  preparedRoute(
    app,
    deps.routeChain,
    loginEndpoint,
  )({
    prepare: ({ db, body }) => checkCredentials(db, body),
    write: async ({ tx, request }, user) => {
      const data = await loginUser(tx, deps, siteContext(request), user);
      return { success: true, data };
    },
  });

  route(app, deps.routeChain, logoutEndpoint, async ({ db, request }) => {
    const token = request.actor.sessionToken;
    if (token) await revokeSession(db, token);
    return { success: true };
  });

  route(app, deps.routeChain, resetPasswordEndpoint, async ({ tx, body, request }) => {
    await requestPasswordReset(tx, deps, siteContext(request), body);
    return { success: true };
  });

  preparedRoute(
    app,
    deps.routeChain,
    changePasswordEndpoint,
  )({
    prepare: ({ body, request }) => hashNewPassword(body.password, request.site.passwordMinLength),
    write: async ({ tx, body }, passwordHash) => {
      await changePassword(tx, body, passwordHash);
      return { success: true };
    },
  });

  route(app, deps.routeChain, userStatusEndpoint, async ({ user }) => {
    if (!user) return { ok: false };
    return { ok: true, email: user.email, userId: user.id, role: user.role };
  });
}
