import {
  changePasswordEndpoint,
  endAccountSessionEndpoint,
  endOtherAccountSessionsEndpoint,
  listAccountSessionsEndpoint,
  loginEndpoint,
  logoutEndpoint,
  registerEndpoint,
  resendCodeEndpoint,
  resetPasswordEndpoint,
  secondFactorSignInEndpoint,
  userStatusEndpoint,
  verifyEmailEndpoint,
} from '@adboard/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preparedRoute, route, type RouteChain } from '../../http/route.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import {
  endAccountSession,
  endOtherAccountSessions,
  listAccountSessions,
} from './account-sessions.js';
import { changePassword } from './change-password.js';
import { deviceCookie, type DeviceAccount } from './device-cookie.js';
import { checkCredentials, loginUser, type SignInBrowser } from './login-user.js';
import { completeSecondStep } from './sign-in-second-step.js';
import { hashNewPassword } from './passwords.js';
import { registerUser } from './register-user.js';
import { requestPasswordReset } from './request-password-reset.js';
import { resendEmailCode } from './resend-email-code.js';
import { revokeSession } from './sessions.js';
import { normalizeEmail } from './users.js';
import { verifyEmail } from './verify-email.js';

function siteContext(request: FastifyRequest): SiteContext {
  return { site: request.site, appOrigin: request.appOrigin };
}

/** Secure is added where every cookie gets it (http/security-headers.ts). */
function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  account: DeviceAccount,
  deviceId?: string,
) {
  reply.header('set-cookie', deviceCookie(request.headers.cookie, account, deviceId));
}

function browserOf(request: FastifyRequest): SignInBrowser {
  return { cookieHeader: request.headers.cookie, userAgent: request.headers['user-agent'] };
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
  // Register, resend and reset queue their mail for the account-mail job; once the
  // job is committed it starts at once. The same for every email, known or not.
  const wakeAccountMail = async () => deps.queue.wake('account-mail');
  preparedRoute(
    app,
    deps.routeChain,
    registerEndpoint,
  )({
    prepare: ({ body, request }) => hashNewPassword(body.password, request.site.passwordMinLength),
    write: async ({ tx, body, request, afterCommit }, passwordHash) => {
      // A user only when completed registration signed the new account in at once.
      const user = await registerUser(
        tx,
        deps,
        siteContext(request),
        body,
        passwordHash,
        request.headers['user-agent'],
      );
      afterCommit(wakeAccountMail);
      return user ? { success: true, user } : { success: true };
    },
  });

  route(app, deps.routeChain, verifyEmailEndpoint, async ({ tx, body, request }) => {
    const user = await verifyEmail(tx, body, request.headers['user-agent']);
    return { success: true, user };
  });

  route(app, deps.routeChain, resendCodeEndpoint, async ({ tx, body, request, afterCommit }) => {
    await resendEmailCode(tx, deps, siteContext(request), body);
    afterCommit(wakeAccountMail);
    return { success: true };
  });

  preparedRoute(
    app,
    deps.routeChain,
    loginEndpoint,
  )({
    prepare: ({ db, body, request }) =>
      checkCredentials(
        db,
        deps.routeChain.limiter.signIn,
        { ip: request.ip, cookieHeader: request.headers.cookie },
        body,
      ),
    write: async ({ tx, request, reply, afterCommit }, user) => {
      const outcome = await loginUser(tx, deps, siteContext(request), user, browserOf(request));
      // The second step's challenge: no session, no cookie until a code is right.
      if (outcome.kind === 'challenge') return { success: true, challenge: outcome.challenge };
      afterCommit(async () => setDeviceCookie(request, reply, user, outcome.deviceId));
      return { success: true, data: outcome.data };
    },
  });

  route(
    app,
    deps.routeChain,
    secondFactorSignInEndpoint,
    async ({ tx, body, request, reply, afterCommit }) => {
      const outcome = await completeSecondStep(
        tx,
        { ...deps, guard: deps.routeChain.limiter.signIn },
        siteContext(request),
        body,
        { ip: request.ip, ...browserOf(request) },
      );
      afterCommit(async () => setDeviceCookie(request, reply, outcome.user, outcome.deviceId));
      return { success: true, data: outcome.data };
    },
  );

  route(app, deps.routeChain, logoutEndpoint, async ({ db, request }) => {
    const token = request.actor.sessionToken;
    if (token) await revokeSession(db, token);
    return { success: true };
  });

  route(app, deps.routeChain, resetPasswordEndpoint, async ({ tx, body, request, afterCommit }) => {
    await requestPasswordReset(tx, deps, siteContext(request), body);
    afterCommit(wakeAccountMail);
    return { success: true };
  });

  preparedRoute(
    app,
    deps.routeChain,
    changePasswordEndpoint,
  )({
    prepare: ({ body, request }) => hashNewPassword(body.password, request.site.passwordMinLength),
    write: async ({ tx, body, request, reply, afterCommit }, passwordHash) => {
      const userId = await changePassword(tx, body, passwordHash);
      // The reset link proved the mailbox: this browser signs in past strangers' failures.
      afterCommit(async () => {
        setDeviceCookie(request, reply, { id: userId, passwordHash });
        await deps.routeChain.limiter.signIn.forgetAccount(normalizeEmail(body.email));
      });
      return { success: true };
    },
  });

  route(app, deps.routeChain, userStatusEndpoint, async ({ user }) => {
    if (!user) return { ok: false };
    return {
      ok: true,
      email: user.email,
      userId: user.id,
      role: user.role,
      secondFactor: user.hasSecondFactor,
    };
  });

  route(app, deps.routeChain, listAccountSessionsEndpoint, async ({ db, user, request }) =>
    listAccountSessions(db, user, request.actor.sessionToken),
  );

  route(app, deps.routeChain, endAccountSessionEndpoint, async ({ db, user, params }) => {
    await endAccountSession(db, user, params.id);
    return { success: true };
  });

  route(app, deps.routeChain, endOtherAccountSessionsEndpoint, async ({ db, user, request }) => {
    await endOtherAccountSessions(db, user, request.actor.sessionToken);
    return { success: true };
  });
}
