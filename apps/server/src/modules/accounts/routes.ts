import {
  accountMessages,
  answers,
  changeAccountPasswordEndpoint,
  changePasswordEndpoint,
  confirmEmailChangeEndpoint,
  accountDataFileName,
  deleteAccountEndpoint,
  endAccountSessionEndpoint,
  exportAccountDataEndpoint,
  keepAccountLanguageEndpoint,
  endOtherAccountSessionsEndpoint,
  listAccountSessionsEndpoint,
  loginEndpoint,
  logoutEndpoint,
  registerEndpoint,
  requestEmailChangeEndpoint,
  resendCodeEndpoint,
  resetPasswordEndpoint,
  secondFactorSignInEndpoint,
  userStatusEndpoint,
  verifyEmailEndpoint,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { UnauthorizedError } from '../../domain/errors.js';
import { languageOfRequest } from '../../http/request-language.js';
import { preparedRoute, route, type RouteChain } from '../../http/route.js';
import type { PublicAdChanges } from '../ad-lifecycle/public-ad-changes.js';
import type { PhotoLinks } from '../photos/photo-queries.js';
import { siteById } from '../sites/site-by-id.js';
import type { AccountDeps } from './account-deps.js';
import { keepAccountLanguage } from './keep-account-language.js';
import {
  endAccountSession,
  endOtherAccountSessions,
  listAccountSessions,
} from './account-sessions.js';
import { changeAccountPassword } from './change-account-password.js';
import { changePassword } from './change-password.js';
import { confirmEmailChange } from './confirm-email-change.js';
import { checkCurrentPassword } from './current-password.js';
import { deleteAccount } from './delete-account.js';
import { exportAccountData } from './export-account-data.js';
import { finishReauth, preparePasswordAndFactor } from './reauthenticate.js';
import { checkCredentials, loginUser } from './login-user.js';
import { completeSecondStep } from './sign-in-second-step.js';
import { hashNewPassword } from './passwords.js';
import { registerUser } from './register-user.js';
import { secondFactorMissing } from './second-factors.js';
import { requestEmailChange } from './request-email-change.js';
import { requestPasswordReset } from './request-password-reset.js';
import { resendEmailCode } from './resend-email-code.js';
import { revokeSession } from './sessions.js';
import { findUserById } from './user-repository.js';
import { normalizeEmail } from './users.js';
import { verifyEmail } from './verify-email.js';
import { browserOf, reauthFrom, setDeviceCookie, siteContext } from './account-request.js';

/**
 * The account calls, each a declared endpoint's handler: run the use case, present
 * `{ success, ... }`. Passwords are hashed and checked (argon2, slow by design)
 * in `prepare`, before the chain opens the transaction.
 */
export function accountRoutes(
  app: FastifyInstance,
  deps: AccountDeps & {
    routeChain: RouteChain;
    adChanges: PublicAdChanges;
    photoLinks: PhotoLinks;
  },
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
      const user = await registerUser(tx, deps, siteContext(request), body, passwordHash, {
        userAgent: request.headers['user-agent'],
        language: languageOfRequest(request),
      });
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
      if (outcome.kind === 'challenge') {
        return { success: true, challenge: outcome.challenge, factorKinds: outcome.factorKinds };
      }
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

  route(app, deps.routeChain, userStatusEndpoint, async ({ db, user, request }) => {
    if (!user) return { ok: false };
    return {
      ok: true,
      email: user.email,
      userId: user.id,
      role: user.role,
      secondFactor: user.hasSecondFactor,
      secondFactorMissing: await secondFactorMissing(db, user, request.site),
      language: user.language,
    };
  });

  route(app, deps.routeChain, keepAccountLanguageEndpoint, async ({ tx, user, body }) => {
    await keepAccountLanguage(tx, user, body.language);
    return { success: true };
  });

  route(app, deps.routeChain, listAccountSessionsEndpoint, async ({ db, user, request }) =>
    listAccountSessions(db, user, request.actor.sessionToken, languageOfRequest(request)),
  );

  route(app, deps.routeChain, endAccountSessionEndpoint, async ({ db, user, params }) => {
    await endAccountSession(db, user, params.id);
    return { success: true };
  });

  route(app, deps.routeChain, endOtherAccountSessionsEndpoint, async ({ db, user, request }) => {
    await endOtherAccountSessions(db, user, request.actor.sessionToken);
    return { success: true };
  });

  // The account page's password and email (issue 27): the current password is checked
  // (and a wrong one counted as a failed sign-in) before the transaction opens.
  preparedRoute(
    app,
    deps.routeChain,
    changeAccountPasswordEndpoint,
  )({
    prepare: async ({ db, body, user, request }) => {
      const checked = await checkCurrentPassword(
        db,
        deps.routeChain.limiter.signIn,
        reauthFrom(request),
        user,
        body.currentPassword,
        { field: 'currentPassword', message: accountMessages.password.currentWrong },
      );
      const passwordHash = await hashNewPassword(
        body.newPassword,
        request.site.passwordMinLength,
        'newPassword',
      );
      return { checked, passwordHash };
    },
    write: async ({ tx, request, reply, afterCommit }, { checked, passwordHash }) => {
      // A signed-in user always presents the token the chain resolved them from.
      await changeAccountPassword(
        tx,
        deps.queue,
        checked,
        passwordHash,
        request.actor.sessionToken ?? '',
      );
      // This browser keeps its own count of sign-in failures under the new password.
      afterCommit(async () => setDeviceCookie(request, reply, { id: checked.id, passwordHash }));
      return { success: true };
    },
  });

  preparedRoute(
    app,
    deps.routeChain,
    requestEmailChangeEndpoint,
  )({
    prepare: ({ db, body, user, request }) =>
      checkCurrentPassword(
        db,
        deps.routeChain.limiter.signIn,
        reauthFrom(request),
        user,
        body.password,
        {
          field: 'password',
          message: accountMessages.email.passwordWrong,
        },
      ),
    write: async ({ tx, body }, checked) => {
      await requestEmailChange(tx, deps.queue, checked, body.email);
      return { success: true };
    },
  });

  route(app, deps.routeChain, confirmEmailChangeEndpoint, async ({ tx, body, user }) => {
    const email = await confirmEmailChange(tx, deps.queue, user, body.code);
    return { success: true, email };
  });
  // "Download my data" and "Delete account": the password (argon2) before the
  // transaction, a second factor's code (when the account has one) in it.
  preparedRoute(
    app,
    deps.routeChain,
    exportAccountDataEndpoint,
  )({
    prepare: ({ db, user, body, request }) =>
      preparePasswordAndFactor(db, deps.routeChain.limiter.signIn, reauthFrom(request), user, body),
    write: async ({ tx, user, request, reply }, code) => {
      if (code) await finishReauth(tx, deps, user, siteById(user.siteId), code);
      const row = await findUserById(tx.db, user.id);
      if (!row) throw new UnauthorizedError(answers.auth.signInRequired);
      const data = await exportAccountData(
        tx.db,
        deps,
        row,
        request.appOrigin,
        languageOfRequest(request),
      );
      reply.header(
        'content-disposition',
        `attachment; filename="${accountDataFileName(new Date(data.exportedAt))}"`,
      );
      reply.header('cache-control', 'no-store');
      return data;
    },
  });

  // "Delete account": the password (argon2) before the transaction, then the deletion in it.
  preparedRoute(
    app,
    deps.routeChain,
    deleteAccountEndpoint,
  )({
    prepare: ({ db, user, body, request }) =>
      preparePasswordAndFactor(db, deps.routeChain.limiter.signIn, reauthFrom(request), user, body),
    write: async ({ tx, user, afterCommit }, code) => {
      if (code) await finishReauth(tx, deps, user, siteById(user.siteId), code);
      await deleteAccount(tx, deps, user.id);
      afterCommit(wakeAccountMail);
      return { success: true };
    },
  });
}
