import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { emailChanges } from '../../db/schema.js';

export type EmailChangeRow = typeof emailChanges.$inferSelect;

/** Ends every open change of the account's email (a new request replaces them). */
export async function consumeOpenEmailChanges(db: Db, userId: string): Promise<void> {
  await db
    .update(emailChanges)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.consumedAt)));
}

export async function insertEmailChange(
  db: Db,
  row: { userId: string; newEmail: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChanges).values(row);
}

/** The account's newest open change, locked (its tries are counted). */
export async function lockNewestOpenEmailChange(
  db: Db,
  userId: string,
): Promise<EmailChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.consumedAt)))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function countEmailChangeAttempt(db: Db, id: string): Promise<void> {
  await db
    .update(emailChanges)
    .set({ attempts: sql`${emailChanges.attempts} + 1` })
    .where(eq(emailChanges.id, id));
}

export async function markEmailChangeConsumed(db: Db, id: string): Promise<void> {
  await db
    .update(emailChanges)
    .set({ consumedAt: sql`now()` })
    .where(eq(emailChanges.id, id));
}
