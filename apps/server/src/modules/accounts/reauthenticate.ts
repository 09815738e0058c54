import { accountMessages, type ReauthBody } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import type { ActorUser } from '../../domain/actor.js';
import type { SignInGuard } from '../../http/rate-limit.js';
import { checkCurrentPassword } from './current-password.js';
import type { UserRow } from './user-repository.js';

/**
 * Asks the signed-in user to prove it is them again, in the same request, before the
 * data download and the deletion (a stolen session alone does neither): the account's
 * password, checked as the account page checks it everywhere (checkCurrentPassword: a
 * wrong one counts as a failed sign-in and is refused under the field, the session
 * stays signed in). Argon2 is slow by design: call it before any transaction opens.
 */
export async function reauthenticate(
  db: Db,
  guard: SignInGuard,
  ip: string,
  user: ActorUser,
  body: ReauthBody,
): Promise<UserRow> {
  return checkCurrentPassword(db, guard, ip, user, body.password, {
    field: 'password',
    message: accountMessages.reauth.wrongPassword,
  });
}
