import { answers, type SessionUser, type VerifyEmailBody } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { RefusalAfterCommit, RefusedError } from '../../domain/errors.js';
import { attachAnonymousAds } from '../ads/attach-anonymous-ads.js';
import { consumeEmailCode } from './email-codes.js';
import { createSession } from './sessions.js';
import { findUserByEmail, touchUser } from './user-repository.js';

/** Confirms the email with its code and signs the user in. */
export async function verifyEmail(
  tx: Tx,
  body: VerifyEmailBody,
  userAgent: string | undefined,
): Promise<SessionUser> {
  const user = await findUserByEmail(tx.db, body.email, { forUpdate: true });
  if (!user || user.bannedAt || user.deletedAt)
    throw new RefusedError(answers.auth.verifyCodeFailed);
  if (!(await consumeEmailCode(tx, user, body.code))) {
    // A wrong guess must be counted even though the call fails.
    throw new RefusalAfterCommit(new RefusedError(answers.auth.verifyCodeFailed));
  }
  if (!user.emailVerifiedAt) await touchUser(tx.db, user.id, { emailVerifiedAt: new Date() });
  await attachAnonymousAds(tx.db, user, 'mailbox');
  const token = await createSession(tx.db, user.id, userAgent);
  return { token, email: user.email, user_id: user.id };
}
