import type { Db } from '../../db/database.js';
import { hashToken, newToken } from './secrets.js';
import {
  findLiveSession,
  insertSession,
  listLiveSessionsOfUser,
  revokeLiveSessionOfUser,
  revokeOtherSessionsOfUser,
  type SessionRow,
  revokeSessionByTokenHash,
  revokeSessionsOfUser,
  touchSession,
} from './session-repository.js';
import type { UserRow } from './user-repository.js';

const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60_000;
const IDLE_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** Writing last_seen on every request would make each read a write. */
const TOUCH_AFTER_MS = 5 * 60_000;
/** What of the User-Agent header a session keeps (the column's check, migration 0016). */
const USER_AGENT_MAX_LENGTH = 512;

/** A session is live until it is revoked, its lifetime ends, or it sat unused too long. */
function liveWindow(now: Date) {
  return { now, idleSince: new Date(now.getTime() - IDLE_LIFETIME_MS) };
}

/** A new session of the user, keeping the browser's User-Agent for the account page. */
export async function createSession(
  db: Db,
  userId: string,
  userAgent: string | undefined,
): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ABSOLUTE_LIFETIME_MS),
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
  });
  return token;
}

/** The live, unbanned user a session token belongs to (and whether it has a second factor), or null. */
export async function authenticateSession(
  db: Db,
  token: string | undefined,
): Promise<(UserRow & { hasSecondFactor: boolean }) | null> {
  if (!token || token.length < 20 || token.length > 200) return null;
  const { now, idleSince } = liveWindow(new Date());
  const row = await findLiveSession(db, hashToken(token), now, idleSince);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await touchSession(db, row.sessionId, now);
  }
  return { ...row.user, hasSecondFactor: row.hasSecondFactor };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await revokeSessionByTokenHash(db, hashToken(token));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await revokeSessionsOfUser(db, userId);
}

/** The user's live sessions, with whether each is the one `token` opens. */
export async function liveSessionsOfUser(
  db: Db,
  userId: string,
  token: string | null,
): Promise<(SessionRow & { current: boolean })[]> {
  const { now, idleSince } = liveWindow(new Date());
  const currentHash = token ? hashToken(token) : null;
  const rows = await listLiveSessionsOfUser(db, userId, now, idleSince);
  return rows.map(({ tokenHash, ...row }) => ({ ...row, current: tokenHash === currentHash }));
}

/** Ends one live session of the user; false when the user has no such live session. */
export async function revokeSessionOfUser(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const { now, idleSince } = liveWindow(new Date());
  return revokeLiveSessionOfUser(db, { userId, sessionId }, now, idleSince);
}

/** Ends every session of the user but the one `token` opens. */
export async function revokeOtherSessions(db: Db, userId: string, token: string): Promise<void> {
  await revokeOtherSessionsOfUser(db, userId, hashToken(token));
}
