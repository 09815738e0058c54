import { accountMessages, messages, type ReauthBody } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import type { ActorUser } from '../../domain/actor.js';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors.js';
import { verifyPassword } from './passwords.js';
import { findUserById, type UserRow } from './user-repository.js';

/**
 * Asks the signed-in user to prove it is them again, in the same request, before the
 * data download and the deletion (a stolen session alone does neither): the account's
 * password. The one place the check lives: a second factor's code joins it here.
 * Argon2 is slow by design: call it before any transaction opens. A wrong password
 * is 403 (the session stays signed in; 401 would sign the page out).
 */
export async function reauthenticate(db: Db, user: ActorUser, body: ReauthBody): Promise<UserRow> {
  const row = await findUserById(db, user.id);
  // The session was live a moment ago; an account gone since is no longer signed in.
  if (!row || row.deletedAt) throw new UnauthorizedError(messages.auth.signInRequired);
  if (!(await verifyPassword(row.passwordHash, body.password))) {
    throw new ForbiddenError(accountMessages.reauth.wrongPassword);
  }
  return row;
}
