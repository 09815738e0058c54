import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { passwordResets } from '../../db/schema.js';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

export async function insertPasswordReset(
  db: Db,
  row: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(row);
}

/** The account's unused reset of this token hash, locked (it is used once). */
export async function lockOpenPasswordReset(
  db: Db,
  userId: string,
  tokenHash: string,
): Promise<PasswordResetRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
      ),
    )
    .for('update');
  return row;
}

/** Marks every unused reset of the account used: one new password ends them all. */
export async function usePasswordResetsOfUser(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
