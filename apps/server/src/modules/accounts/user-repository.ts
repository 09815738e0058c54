import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { normalizeEmail } from './users.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

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

/** When the account was suspended (null: it is not), or undefined for no such account. */
export async function findUserBannedAt(db: Db, userId: string): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.bannedAt;
}

/** Inserts an account, or nothing when its email is taken (then undefined). */
export async function insertUserIfAbsent(db: Db, row: NewUserRow): Promise<UserRow | undefined> {
  const [user] = await db.insert(users).values(row).onConflictDoNothing().returning();
  return user;
}

export async function touchUser(db: Db, userId: string, changes: Partial<UserRow>) {
  await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function findUserById(
  db: Db,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.id, userId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}
