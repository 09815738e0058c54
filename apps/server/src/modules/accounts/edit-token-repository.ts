import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads } from '../../db/schema.js';

/** The ad whose edit token has this hash (the caller still compares it in constant time). */
export async function findAdByEditTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ id: number; hash: string | null; expiresAt: Date | null } | undefined> {
  const [row] = await db
    .select({ id: ads.id, hash: ads.editTokenHash, expiresAt: ads.editTokenExpiresAt })
    .from(ads)
    .where(eq(ads.editTokenHash, tokenHash));
  return row;
}

export interface EditTokenAdRow {
  ownerId: string | null;
  emailVerifiedAt: Date | null;
  status: (typeof ads.$inferSelect)['status'];
  deletedAt: Date | null;
  editTokenHash: string | null;
  editTokenExpiresAt: Date | null;
}

/** Every ad of this (normalized) email that has an edit token: the candidates a token may open. */
export async function listEditTokenAdsOfEmail(
  db: Db,
  emailNormalized: string,
): Promise<EditTokenAdRow[]> {
  return db
    .select({
      ownerId: ads.ownerId,
      emailVerifiedAt: ads.emailVerifiedAt,
      status: ads.status,
      deletedAt: ads.deletedAt,
      editTokenHash: ads.editTokenHash,
      editTokenExpiresAt: ads.editTokenExpiresAt,
    })
    .from(ads)
    .where(and(eq(ads.emailNormalized, emailNormalized), isNotNull(ads.editTokenHash)));
}
