import type { Language } from '@adboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
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

export async function findUserById(
  db: Db,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.id, userId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The language the account keeps (null: none), or undefined for no such account. */
export async function findUserLanguage(
  db: Db,
  userId: string,
): Promise<Language | null | undefined> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row?.language;
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

/** Whether `error` (or what it wraps) is a unique violation of the users' email. */
function isEmailTaken(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; depth += 1) {
    const { code, constraint } = e as Error & { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'users_email_normalized_key') return true;
    e = e.cause;
  }
  return false;
}

/**
 * Gives the account a new (proved) email; false, with nothing changed, when another
 * account has it by now. The update runs in a savepoint so that losing that race to a
 * registration committed meanwhile leaves the transaction usable.
 */
export async function changeUserEmail(tx: Tx, userId: string, email: string): Promise<boolean> {
  await tx.client.query('SAVEPOINT change_user_email');
  try {
    await touchUser(tx.db, userId, {
      email,
      emailNormalized: normalizeEmail(email),
      emailVerifiedAt: new Date(),
    });
  } catch (error) {
    if (!isEmailTaken(error)) throw error;
    await tx.client.query('ROLLBACK TO SAVEPOINT change_user_email');
    return false;
  }
  await tx.client.query('RELEASE SAVEPOINT change_user_email');
  return true;
}
