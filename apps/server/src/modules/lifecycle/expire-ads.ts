import { and, asc, eq, lte } from 'drizzle-orm';
import { applyAdEvent } from '../ad-lifecycle/apply-ad-event.js';
import { ads } from '../../db/schema.js';
import { ownerReachable } from './ad-owner-reachable.js';
import { LIFECYCLE_BATCH_SIZE, type LifecycleJobDeps } from './lifecycle-deps.js';
import { sendExpiryNotice } from './send-expiry-notice.js';

/**
 * Approved ads whose time is up become 'expired' (the lifecycle table's 'expire') (off the public pages, which
 * show only 'active' ads); `approved` stays as history. The owner is mailed the
 * expiry notice with the renewal link. Batches skip rows another worker holds.
 * Answers how many ads expired.
 */
export async function expireAds(
  deps: LifecycleJobDeps,
  now: Date,
  batchSize = LIFECYCLE_BATCH_SIZE,
): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await deps.database.transaction(async (tx) => {
      const due = await tx.db
        .select({
          id: ads.id,
          siteId: ads.siteId,
          email: ads.email,
          title: ads.title,
          type: ads.type,
          expiresAt: ads.expiresAt,
          reachable: ownerReachable,
        })
        .from(ads)
        .where(and(eq(ads.status, 'active'), lte(ads.expiresAt, now)))
        .orderBy(asc(ads.expiresAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      for (const ad of due) await applyAdEvent(tx, deps, ad.id, { type: 'expire', at: now });
      for (const ad of due) {
        if (!ad.reachable || !ad.expiresAt) continue;
        await sendExpiryNotice(tx, deps, { ...ad, expiresAt: ad.expiresAt }, 'expired');
      }
      return due.length;
    });
    total += expired;
    if (expired < batchSize) return total;
  }
}
