import { moderationMessages, type AdminUser } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { NotFoundError } from '../../domain/errors.js';
import {
  findAdminUserRow,
  searchAdminUserRows,
  type AdminUserRow,
} from './user-admin-repository.js';

const MAX_USERS = 50;

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
    secondFactors: row.second_factors,
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
export async function searchUsers(db: Db, q: string): Promise<AdminUser[]> {
  const digits = phoneDigits(q);
  const rows = await searchAdminUserRows(db, {
    emailPattern: likePattern(q.trim().toLowerCase()),
    phonePattern: digits ? likePattern(digits) : null,
    limit: MAX_USERS,
  });
  return rows.map(presentAdminUser);
}

/** One account as the console shows it; in a write, read through its transaction. */
export async function loadAdminUser(db: Db, userId: string): Promise<AdminUser> {
  const row = await findAdminUserRow(db, userId);
  if (!row) throw new NotFoundError(moderationMessages.notFound);
  return presentAdminUser(row);
}
