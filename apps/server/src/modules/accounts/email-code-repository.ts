import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { emailCodes } from '../../db/schema.js';

export type EmailCodeRow = typeof emailCodes.$inferSelect;

/** Ends every unused code of the account (a new one replaces them). */
export async function consumeOpenEmailCodes(db: Db, userId: string): Promise<void> {
  await db
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(emailCodes.userId, userId), isNull(emailCodes.consumedAt)));
}

export async function insertEmailCode(
  db: Db,
  row: { userId: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailCodes).values(row);
}

/** The account's newest unused code, locked (its tries are counted). */
export async function lockNewestOpenEmailCode(
  db: Db,
  userId: string,
): Promise<EmailCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), isNull(emailCodes.consumedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function countEmailCodeAttempt(db: Db, codeId: string): Promise<void> {
  await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, codeId));
}

export async function markEmailCodeConsumed(db: Db, codeId: string): Promise<void> {
  await db
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(eq(emailCodes.id, codeId));
}
