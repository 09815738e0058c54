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
import { route, type RouteChain } from '../../http/route.js';
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

/** The account calls, each a declared endpoint's handler: run the use case, present `{ success, ... }`. */
export function accountRoutes(
  app: FastifyInstance,
  deps: AccountDeps & { routeChain: RouteChain },
): void {
  route(app, deps.routeChain, registerEndpoint, async ({ body, request }) => {
    // A user only when completed registration signed the new account in at once.
    const user = await registerUser(deps, siteContext(request), body);
    return user ? { success: true, user } : { success: true };
  });

  route(app, deps.routeChain, verifyEmailEndpoint, async ({ body }) => {
    const user = await verifyEmail(deps, body);
    return { success: true, user };
  });

  route(app, deps.routeChain, resendCodeEndpoint, async ({ body, request }) => {
    await resendEmailCode(deps, siteContext(request), body);
    return { success: true };
  });

  route(app, deps.routeChain, loginEndpoint, async ({ body, request }) => {
    const data = await loginUser(deps, siteContext(request), body);
    return { success: true, data };
  });

  route(app, deps.routeChain, logoutEndpoint, async ({ request }) => {
    const token = request.actor.sessionToken;
    if (token) await revokeSession(deps.database.db, token);
    return { success: true };
  });

  route(app, deps.routeChain, resetPasswordEndpoint, async ({ body, request }) => {
    await requestPasswordReset(deps, siteContext(request), body);
    return { success: true };
  });

  route(app, deps.routeChain, changePasswordEndpoint, async ({ body, request }) => {
    await changePassword(deps, siteContext(request), body);
    return { success: true };
  });

  route(app, deps.routeChain, userStatusEndpoint, async ({ user }) => {
    if (!user) return { ok: false };
    return { ok: true, email: user.email, userId: user.id, role: user.role };
  });
}
