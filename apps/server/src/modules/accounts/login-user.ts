import { messages, type LoginBody, type SessionUser } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { ForbiddenError, RefusalAfterCommit, UnauthorizedError } from '../../domain/errors.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { attachAnonymousAds } from '../ads/attach-anonymous-ads.js';
import { issueEmailCode } from './email-codes.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';
import { createSession } from './sessions.js';
import { findUserByEmail, type UserRow } from './user-repository.js';

/**
 * The account whose password this is (the slow part of signing in, run before
 * the transaction opens). Unknown email and wrong password answer alike; only
 * with the right password does the answer say more (suspended).
 */
export async function checkCredentials(db: Db, body: LoginBody): Promise<UserRow> {
  const user = await findUserByEmail(db, body.email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await burnPasswordCheck(body.password);
  if (!user || !passwordOk) throw new UnauthorizedError(messages.auth.invalidCredentials);
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
): Promise<SessionUser> {
  if (!user.emailVerifiedAt) {
    await issueEmailCode(tx, deps.queue, ctx.site, user);
    throw new RefusalAfterCommit(
      new ForbiddenError(messages.auth.emailNotVerified, { verifyEmail: true }),
    );
  }
  await attachAnonymousAds(tx.db, user, 'login');
  const token = await createSession(tx.db, user.id);
  return { token, email: user.email, user_id: user.id };
}
