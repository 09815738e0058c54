import { moderationMessages } from '@adboard/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { NotFoundError } from '../../domain/errors.js';
import type { ActorUser as UserRow } from '../../domain/actor.js';

/** The account a moderator acts on, locked for the action's transaction; 404 if unknown. */
export async function lockUser(tx: Tx, userId: string): Promise<UserRow> {
  const [user] = await tx.db.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new NotFoundError(moderationMessages.notFound);
  return user;
}
