import { accountMessages, type AccountSessionsResult, type Language } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import type { ActorUser } from '../../domain/actor.js';
import { NotFoundError } from '../../domain/errors.js';
import { deviceLabel } from './device-label.js';
import { liveSessionsOfUser, revokeOtherSessions, revokeSessionOfUser } from './sessions.js';

/**
 * The account page's "Where you're signed in" (issue 27, OWASP ASVS 7.5.2): the signed-in
 * user's live sessions, each named by its device; `token` is the caller's, marked current.
 */
export async function listAccountSessions(
  db: Db,
  user: ActorUser,
  token: string | null,
  language: Language,
): Promise<AccountSessionsResult> {
  const rows = await liveSessionsOfUser(db, user.id, token);
  return {
    success: true,
    email: user.email,
    sessions: rows.map((row) => ({
      id: row.id,
      device: deviceLabel(row.userAgent, language),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.current,
    })),
  };
}

/**
 * Ends one of the user's own live sessions, the current one included (a sign-out).
 * Another account's session answers as one that does not exist: never ended, never
 * confirmed to exist.
 */
export async function endAccountSession(db: Db, user: ActorUser, sessionId: string): Promise<void> {
  if (!(await revokeSessionOfUser(db, user.id, sessionId))) {
    throw new NotFoundError(accountMessages.sessions.notFound);
  }
}

/** "Sign out everywhere else": every session of the user but the caller's. */
export async function endOtherAccountSessions(
  db: Db,
  user: ActorUser,
  token: string | null,
): Promise<void> {
  // A signed-in user always presents a token; without one there is no current to keep.
  if (token) await revokeOtherSessions(db, user.id, token);
}
