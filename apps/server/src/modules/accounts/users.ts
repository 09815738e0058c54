import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(
  db: Db,
  email: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = db
    .select()
    .from(users)
    .where(eq(users.emailNormalized, normalizeEmail(email)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function touchUser(db: Db, userId: string, changes: Partial<UserRow>) {
  await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
