import { lte } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { previewTokens } from '../../db/schema.js';

/** Housekeeping: preview links live 10 minutes; their rows need not live longer. */
export async function deleteExpiredPreviewTokens(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(previewTokens)
    .where(lte(previewTokens.expiresAt, now))
    .returning({ tokenHash: previewTokens.tokenHash });
  return deleted.length;
}
