import { eq, sql } from 'drizzle-orm';
import { ads } from '../../db/schema.js';
import type { AdContext, AdDeps } from './ad-deps.js';
import { loadManagedAd } from './load-managed-ad.js';

/** Grace period before a deleted ad's personal data is wiped (DECISIONS.md). */
export const PURGE_AFTER_SECONDS = 7 * 24 * 60 * 60;

/**
 * Deactivates an ad at once (it leaves every list and its links stop working)
 * and schedules the removal of its personal data. The id is never reused.
 */
export async function deletePost(deps: AdDeps, ctx: AdContext, id: string): Promise<void> {
  await deps.database.transaction(async (tx) => {
    const ad = await loadManagedAd(tx.db, ctx, id, { forUpdate: true });
    await tx.db
      .update(ads)
      .set({
        status: 'deleted',
        approved: false,
        deletedAt: sql`now()`,
        editTokenHash: null,
        activationTokenHash: null,
        updatedAt: sql`now()`,
      })
      .where(eq(ads.id, ad.id));
    await deps.queue.send(
      tx,
      'purge-deleted-ad',
      { adId: ad.id },
      { startAfter: PURGE_AFTER_SECONDS },
    );
  });
}
