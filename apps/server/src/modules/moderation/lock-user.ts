import { moderationMessages } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { NotFoundError } from '../../domain/errors.js';
import type { ActorUser } from '../../domain/actor.js';

type UserRow = Omit<ActorUser, 'hasSecondFactor'>;
import { findUserForUpdate } from './user-admin-repository.js';

/** The account a moderator acts on, locked for the action's transaction; 404 if unknown. */
export async function lockUser(tx: Tx, userId: string): Promise<UserRow> {
  const user = await findUserForUpdate(tx.db, userId);
  if (!user) throw new NotFoundError(moderationMessages.notFound);
  return user;
}
