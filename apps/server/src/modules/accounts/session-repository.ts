import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';
import type { UserRow } from './user-repository.js';

export async function insertSession(
  db: Db,
  row: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(row);
}

/**
 * The session of this token hash, with its user, when it is unrevoked, within
 * its lifetime, seen since `idleSince`, and its user is not suspended.
 */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<{ user: UserRow; sessionId: string; lastSeenAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
        isNull(users.bannedAt),
      ),
    );
  return row;
}

export async function touchSession(db: Db, sessionId: string, lastSeenAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, sessionId));
}

export async function revokeSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
