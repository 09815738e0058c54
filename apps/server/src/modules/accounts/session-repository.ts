import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { secondFactors, sessions, users } from '../../db/schema.js';
import type { UserRow } from './user-repository.js';

export async function insertSession(
  db: Db,
  row: { userId: string; tokenHash: string; expiresAt: Date; userAgent: string | null },
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
): Promise<
  { user: UserRow; sessionId: string; lastSeenAt: Date; hasSecondFactor: boolean } | undefined
> {
  const [row] = await db
    .select({
      user: users,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      hasSecondFactor: sql<boolean>`exists (select 1 from ${secondFactors} where ${secondFactors.userId} = ${users.id} and ${secondFactors.confirmedAt} is not null)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        live(now, idleSince),
        isNull(users.bannedAt),
        isNull(users.deletedAt),
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

export interface SessionRow {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The conditions of a live session, as `findLiveSession` checks a token's. */
function live(now: Date, idleSince: Date) {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, idleSince),
  );
}

/** The user's live sessions, the most recently used first. */
export async function listLiveSessionsOfUser(
  db: Db,
  userId: string,
  now: Date,
  idleSince: Date,
): Promise<(SessionRow & { tokenHash: string })[]> {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(now, idleSince)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Revokes the session when it is this user's and live; whether it did. */
export async function revokeLiveSessionOfUser(
  db: Db,
  session: { userId: string; sessionId: string },
  now: Date,
  idleSince: Date,
): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, session.sessionId),
        eq(sessions.userId, session.userId),
        live(now, idleSince),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

export async function revokeOtherSessionsOfUser(
  db: Db,
  userId: string,
  keepTokenHash: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.tokenHash, keepTokenHash),
        isNull(sessions.revokedAt),
      ),
    );
}
