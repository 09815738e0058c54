import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { previewTokens } from '../../db/schema.js';

/** Deletes the ad's tokens that expired by `now`. */
export async function deleteSpentPreviewTokens(db: Db, adId: number, now: Date): Promise<void> {
  await db
    .delete(previewTokens)
    .where(and(eq(previewTokens.adId, adId), lte(previewTokens.expiresAt, now)));
}

export async function insertPreviewToken(
  db: Db,
  row: { tokenHash: string; adId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(previewTokens).values(row);
}

/** Whether a token of this hash, of this very ad, is still valid at `now`. */
export async function hasLivePreviewToken(
  db: Db,
  tokenHash: string,
  adId: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ adId: previewTokens.adId })
    .from(previewTokens)
    .where(
      and(
        eq(previewTokens.tokenHash, tokenHash),
        eq(previewTokens.adId, adId),
        gt(previewTokens.expiresAt, now),
      ),
    );
  return row !== undefined;
}
