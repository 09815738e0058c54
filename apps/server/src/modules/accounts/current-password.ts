import { accountMessages, answers, type Said } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import type { ActorUser } from '../../domain/actor.js';
import { RefusedError, UnauthorizedError } from '../../domain/errors.js';
import type { SignInGuard } from '../../http/rate-limit.js';
import { verifyPassword } from './passwords.js';
import { beginReauthAttempt, type ReauthRequest } from './reauthenticate.js';
import { findUserById, type UserRow } from './user-repository.js';

/**
 * Re-authentication on the account page (ASVS 5.0 7.5.1): the signed-in user's current
 * password, checked before the transaction opens (argon2 is slow). Each guess is
 * counted as every secret asked again is (beginReauthAttempt: per address and per
 * session, so a thief's guesses never make the owner wait) and a wrong one is refused
 * under `field` (400, never a 401: the session is fine). Answers the account as stored, whose hash the write
 * compares, so a password changed in between is not overwritten.
 */
export async function checkCurrentPassword(
  db: Db,
  guard: SignInGuard,
  from: ReauthRequest,
  actor: ActorUser,
  password: string,
  wrong: { field: string; message: Said },
): Promise<UserRow> {
  const user = await findUserById(db, actor.id);
  // The actor was read from a live session a moment ago; an account deleted since is no
  // longer signed in.
  if (!user || user.deletedAt) throw new UnauthorizedError(answers.auth.signInRequired);
  const attempt = await beginReauthAttempt(guard, from, actor);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new RefusedError(wrong.message, { fields: { [wrong.field]: wrong.message } });
  }
  await attempt.succeeded();
  return user;
}

/** The account locked for its change, if its password is still the one just checked. */
export async function lockCheckedAccount(db: Db, checked: UserRow): Promise<UserRow> {
  const user = await findUserById(db, checked.id, { forUpdate: true });
  if (!user || user.passwordHash !== checked.passwordHash) {
    const message = accountMessages.password.currentWrong;
    throw new RefusedError(message, { fields: { currentPassword: message } });
  }
  return user;
}
