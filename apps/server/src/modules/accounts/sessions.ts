import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';
import { hashToken, newToken } from './secrets.js';
import type { UserRow } from './users.js';

const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60_000;
const IDLE_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** Writing last_seen on every request would make each read a write. */
const TOUCH_AFTER_MS = 5 * 60_000;

export async function createSession(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ABSOLUTE_LIFETIME_MS),
  });
  return token;
}

/** The live, unbanned user a session token belongs to, or null. */
export async function authenticateSession(
  db: Db,
  token: string | undefined,
): Promise<UserRow | null> {
  if (!token || token.length < 20 || token.length > 200) return null;
  const now = new Date();
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_LIFETIME_MS)),
        isNull(users.bannedAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return row.user;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
