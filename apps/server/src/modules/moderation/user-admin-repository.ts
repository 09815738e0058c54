import type { Role } from '@adboard/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, sessions, users } from '../../db/schema.js';
import type { ActorUser } from '../../domain/actor.js';

/** An account as the console reads it (no actor facts). */
type UserRow = Omit<ActorUser, 'hasSecondFactor'>;
import { queryRows } from './sql-rows-repository.js';

/** An account as the console lists it, with its live ads counted and their phones. */
export interface AdminUserRow {
  id: string;
  email: string;
  role: Role;
  banned_at: Date | null;
  email_verified_at: Date | null;
  site_id: string;
  created_at: Date;
  ad_count: number;
  phones: string[];
  /** Authenticator apps that are on (issue 27). */
  second_factors: number;
}

const SELECT_ADMIN_USER = `
  SELECT u.id, u.email, u.role, u.banned_at, u.email_verified_at, u.site_id, u.created_at,
         (SELECT count(*)::int FROM ads a WHERE a.owner_id = u.id AND a.status <> 'deleted')
           AS ad_count,
         coalesce((SELECT array_agg(DISTINCT coalesce(a.phone_e164, a.phone))
                   FROM ads a WHERE a.owner_id = u.id AND a.phone <> ''), '{}') AS phones,
         (SELECT count(*)::int FROM second_factors f
           WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL) AS second_factors
  FROM users u`;

/**
 * Accounts whose normalised email is LIKE `emailPattern`, or, with
 * `phonePattern`, whose ads carry a phone LIKE it (digits only); newest first.
 */
export function searchAdminUserRows(
  db: Db,
  search: { emailPattern: string; phonePattern: string | null; limit: number },
): Promise<AdminUserRow[]> {
  return queryRows<AdminUserRow>(
    db,
    `${SELECT_ADMIN_USER}
     WHERE u.email_normalized LIKE $1
        OR ($2::text IS NOT NULL AND EXISTS (
              SELECT 1 FROM ads a WHERE a.owner_id = u.id
                AND (a.phone_e164 LIKE $2 OR regexp_replace(a.phone, '\\D', '', 'g') LIKE $2)))
     ORDER BY u.created_at DESC, u.id
     LIMIT $3`,
    [search.emailPattern, search.phonePattern, search.limit],
  );
}

export async function findAdminUserRow(db: Db, userId: string): Promise<AdminUserRow | undefined> {
  const [row] = await queryRows<AdminUserRow>(db, `${SELECT_ADMIN_USER} WHERE u.id = $1`, [userId]);
  return row;
}

/** The account, locked until the transaction ends. */
export async function findUserForUpdate(db: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/** Bans the account now; answers when. */
export async function markUserBanned(db: Db, userId: string): Promise<Date | null> {
  const [banned] = await db
    .update(users)
    .set({ bannedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ bannedAt: users.bannedAt });
  return banned?.bannedAt ?? null;
}

export async function clearUserBan(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ bannedAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setUserRole(db: Db, userId: string, role: Role): Promise<void> {
  await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Ends every open session of the account; answers how many. */
export async function revokeSessionsOfUser(db: Db, userId: string): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** The ids of the account's ads that are not deleted. */
export async function listUndeletedAdIdsOfOwner(db: Db, ownerId: string): Promise<number[]> {
  const rows = await db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.ownerId, ownerId), ne(ads.status, 'deleted')));
  return rows.map((row) => row.id);
}
