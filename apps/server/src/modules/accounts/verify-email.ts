import { messages, type SessionUser, type VerifyEmailBody } from '@adboard/shared';
import { RefusedError } from '../../domain/errors.js';
import type { AccountDeps } from './account-deps.js';
import { attachAnonymousAds } from '../ads/attach-anonymous-ads.js';
import { consumeEmailCode } from './email-codes.js';
import { createSession } from './sessions.js';
import { findUserByEmail, touchUser } from './users.js';

/** Confirms the email with its code and signs the user in. */
export async function verifyEmail(deps: AccountDeps, body: VerifyEmailBody): Promise<SessionUser> {
  // A wrong guess must be counted even though the call fails, so the
  // transaction answers instead of throwing.
  const result = await deps.database.transaction(async (tx) => {
    const user = await findUserByEmail(tx.db, body.email, { forUpdate: true });
    if (!user || user.bannedAt) return null;
    if (!(await consumeEmailCode(tx, user, body.code))) return null;
    if (!user.emailVerifiedAt) await touchUser(tx.db, user.id, { emailVerifiedAt: new Date() });
    await attachAnonymousAds(tx.db, user, 'mailbox');
    const token = await createSession(tx.db, user.id);
    return { token, email: user.email, user_id: user.id };
  });
  if (!result) throw new RefusedError(messages.auth.verifyCodeFailed);
  return result;
}
