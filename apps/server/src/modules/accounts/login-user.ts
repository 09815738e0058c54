import { messages, type LoginBody, type SessionUser } from '@adboard/shared';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { attachAnonymousAds } from '../ads/attach-anonymous-ads.js';
import { issueEmailCode } from './email-codes.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';
import { createSession } from './sessions.js';
import { findUserByEmail } from './users.js';

/**
 * Signs a user in. Unknown email and wrong password answer alike. Only with
 * the right password does the answer say more (unverified or suspended).
 */
export async function loginUser(
  deps: AccountDeps,
  ctx: SiteContext,
  body: LoginBody,
): Promise<SessionUser> {
  const user = await findUserByEmail(deps.database.db, body.email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await burnPasswordCheck(body.password);
  if (!user || !passwordOk) throw new UnauthorizedError(messages.auth.invalidCredentials);
  if (user.bannedAt) throw new ForbiddenError(messages.auth.accountBanned);
  if (!user.emailVerifiedAt) {
    await deps.database.transaction((tx) => issueEmailCode(tx, deps.queue, ctx.site, user));
    throw new ForbiddenError(messages.auth.emailNotVerified, { verifyEmail: true });
  }
  await attachAnonymousAds(deps.database.db, user, 'login');
  const token = await createSession(deps.database.db, user.id);
  return { token, email: user.email, user_id: user.id };
}
