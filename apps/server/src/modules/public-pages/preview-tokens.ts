import { lifecycle } from '@adboard/shared';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { previewTokens } from '../../db/schema.js';
import { hashToken, newToken } from '../accounts/secrets.js';

/**
 * A preview link's token: random, stored only as its hash, bound to one ad and
 * valid a few minutes (lifecycle.previewTokenMinutes).
 */
export async function issuePreviewToken(db: Db, adId: number, now = new Date()): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + lifecycle.previewTokenMinutes * 60_000);
  // The ad's spent links go as new ones are made, so the table stays small.
  await db
    .delete(previewTokens)
    .where(and(eq(previewTokens.adId, adId), lte(previewTokens.expiresAt, now)));
  await db.insert(previewTokens).values({ tokenHash: hashToken(token), adId, expiresAt });
  return token;
}

/** True when `token` is an unexpired preview token of this very ad. */
export async function isPreviewTokenFor(db: Db, token: string, adId: number): Promise<boolean> {
  const [row] = await db
    .select({ adId: previewTokens.adId })
    .from(previewTokens)
    .where(
      and(
        eq(previewTokens.tokenHash, hashToken(token)),
        eq(previewTokens.adId, adId),
        gt(previewTokens.expiresAt, new Date()),
      ),
    );
  return row !== undefined;
}
