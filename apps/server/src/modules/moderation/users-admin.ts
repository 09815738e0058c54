import { moderationMessages, type AdminUser, type Role } from '@adboard/shared';
import type pg from 'pg';
import { NotFoundError } from '../../domain/errors.js';

const MAX_USERS = 50;

interface AdminUserRow {
  id: string;
  email: string;
  role: Role;
  banned_at: Date | null;
  email_verified_at: Date | null;
  site_id: string;
  created_at: Date;
  ad_count: number;
  phones: string[];
}

const SELECT_ADMIN_USER = `
  SELECT u.id, u.email, u.role, u.banned_at, u.email_verified_at, u.site_id, u.created_at,
         (SELECT count(*)::int FROM ads a WHERE a.owner_id = u.id AND a.status <> 'deleted')
           AS ad_count,
         coalesce((SELECT array_agg(DISTINCT coalesce(a.phone_e164, a.phone))
                   FROM ads a WHERE a.owner_id = u.id AND a.phone <> ''), '{}') AS phones
  FROM users u`;

function presentAdminUser(row: AdminUserRow): AdminUser {
  return {
    userId: row.id,
    email: row.email,
    role: row.role,
    banned: row.banned_at !== null,
    bannedAt: row.banned_at ? row.banned_at.toISOString() : null,
    emailVerified: row.email_verified_at !== null,
    siteId: row.site_id,
    createdAt: row.created_at.toISOString(),
    adCount: row.ad_count,
    phones: row.phones,
  };
}

/** The digits of a query that looks like a phone number ('+1 (702) 208-45'), else null. */
export function phoneDigits(q: string): string | null {
  const stripped = q.replace(/[\s()+\-.]/g, '');
  return /^\d{3,15}$/.test(stripped) ? stripped : null;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Accounts whose email contains the query, or, when the query looks like a
 * phone number, whose ads carry those digits; newest accounts first.
 */
export async function searchUsers(pool: pg.Pool, q: string): Promise<AdminUser[]> {
  const digits = phoneDigits(q);
  const { rows } = await pool.query<AdminUserRow>(
    `${SELECT_ADMIN_USER}
     WHERE u.email_normalized LIKE $1
        OR ($2::text IS NOT NULL AND EXISTS (
              SELECT 1 FROM ads a WHERE a.owner_id = u.id
                AND (a.phone_e164 LIKE $2 OR regexp_replace(a.phone, '\\D', '', 'g') LIKE $2)))
     ORDER BY u.created_at DESC, u.id
     LIMIT $3`,
    [likePattern(q.trim().toLowerCase()), digits ? likePattern(digits) : null, MAX_USERS],
  );
  return rows.map(presentAdminUser);
}

export async function loadAdminUser(pool: pg.Pool, userId: string): Promise<AdminUser> {
  const { rows } = await pool.query<AdminUserRow>(`${SELECT_ADMIN_USER} WHERE u.id = $1`, [userId]);
  const row = rows[0];
  if (!row) throw new NotFoundError(moderationMessages.notFound);
  return presentAdminUser(row);
}
