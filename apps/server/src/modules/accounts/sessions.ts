import type { Db } from '../../db/database.js';
import { hashToken, newToken } from './secrets.js';
import {
  findLiveSession,
  insertSession,
  revokeSessionByTokenHash,
  revokeSessionsOfUser,
  touchSession,
} from './session-repository.js';
import type { UserRow } from './user-repository.js';

const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60_000;
const IDLE_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** Writing last_seen on every request would make each read a write. */
const TOUCH_AFTER_MS = 5 * 60_000;

export async function createSession(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await insertSession(db, {
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
  const idleSince = new Date(now.getTime() - IDLE_LIFETIME_MS);
  const row = await findLiveSession(db, hashToken(token), now, idleSince);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await touchSession(db, row.sessionId, now);
  }
  return row.user;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await revokeSessionByTokenHash(db, hashToken(token));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await revokeSessionsOfUser(db, userId);
}
