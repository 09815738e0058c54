import { accountMessages, messages, type LoginBody, type SessionUser } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { ForbiddenError, RefusalAfterCommit, UnauthorizedError } from '../../domain/errors.js';
import type { SignInGuard } from '../../http/rate-limit.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { attachAnonymousAds } from '../ads/attach-anonymous-ads.js';
import { trustedDevice } from './device-cookie.js';
import { issueEmailCode } from './email-codes.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';
import { createSession } from './sessions.js';
import { findUserByEmail, type UserRow } from './user-repository.js';
import { normalizeEmail } from './users.js';

/** Where a sign-in comes from: the client's address and its Cookie header (the device cookie). */
export interface SignInRequest {
  ip: string;
  cookieHeader: string | undefined;
}

/**
 * The account whose password this is (the slow part of signing in, run before
 * the transaction opens). Unknown email and wrong password answer alike, and
 * wait alike (the guard counts the email either way); only with the right
 * password does the answer say more (suspended). A browser with the account's
 * device cookie waits on its own failures only, never on strangers'.
 */
export async function checkCredentials(
  db: Db,
  guard: SignInGuard,
  from: SignInRequest,
  body: LoginBody,
): Promise<UserRow> {
  const user = await findUserByEmail(db, body.email);
  const attempt = await guard.begin({
    ip: from.ip,
    account: normalizeEmail(body.email),
    device: user ? trustedDevice(from.cookieHeader, user) : null,
  });
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await burnPasswordCheck(body.password);
  if (!user || !passwordOk) throw new UnauthorizedError(messages.auth.invalidCredentials);
  await attempt.succeeded();
  // Only the right password learns that the account was deleted; no undo (delete-account.ts).
  if (user.deletedAt) throw new ForbiddenError(accountMessages.deletion.signInRefused);
  if (user.bannedAt) throw new ForbiddenError(messages.auth.accountBanned);
  return user;
}

/**
 * Signs in the account checkCredentials found. An unverified one is mailed a
 * fresh code (kept although the answer refuses) and told to verify first.
 */
export async function loginUser(
  tx: Tx,
  deps: Pick<AccountDeps, 'queue'>,
  ctx: SiteContext,
  user: UserRow,
  userAgent: string | undefined,
): Promise<SessionUser> {
  if (!user.emailVerifiedAt) {
    await issueEmailCode(tx, deps.queue, ctx.site, user);
    throw new RefusalAfterCommit(
      new ForbiddenError(messages.auth.emailNotVerified, { verifyEmail: true }),
    );
  }
  await attachAnonymousAds(tx.db, user, 'login');
  const token = await createSession(tx.db, user.id, userAgent);
  return { token, email: user.email, user_id: user.id };
}
