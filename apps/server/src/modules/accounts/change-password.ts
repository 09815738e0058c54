import { answers, type ChangePasswordBody } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { GoneError, RefusedError } from '../../domain/errors.js';
import { lockOpenPasswordReset, usePasswordResetsOfUser } from './password-reset-repository.js';
import { hashToken } from './secrets.js';
import { revokeAllSessions } from './sessions.js';
import { findUserByEmail, touchUser } from './user-repository.js';

/**
 * Sets a new password with an emailed reset token: the token works once,
 * within its hour, for its own account; every session of the account ends.
 * A token that was used, has expired or is not this email's (no such account
 * either) is a link that is gone (410): only a new link helps.
 * `passwordHash` is the body's password, checked and hashed before the
 * transaction (hashNewPassword). Answers the account's id.
 */
export async function changePassword(
  tx: Tx,
  body: ChangePasswordBody,
  passwordHash: string,
): Promise<string> {
  const user = await findUserByEmail(tx.db, body.email, { forUpdate: true });
  if (!user || user.deletedAt) throw new GoneError(answers.auth.resetLinkGone);
  const reset = await lockOpenPasswordReset(tx.db, user.id, hashToken(body.token));
  if (!reset || reset.expiresAt.getTime() <= Date.now())
    throw new GoneError(answers.auth.resetLinkGone);
  // Only the mailbox's owner (a valid link) learns that the account is suspended.
  if (user.bannedAt) throw new RefusedError(answers.auth.accountBanned);
  await usePasswordResetsOfUser(tx.db, user.id);
  // The link proves the mailbox, so an unverified account becomes verified too.
  await touchUser(tx.db, user.id, {
    passwordHash,
    ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }),
  });
  await revokeAllSessions(tx.db, user.id);
  return user.id;
}
