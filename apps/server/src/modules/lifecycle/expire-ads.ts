import { applyAdEvent } from '../ad-lifecycle/apply-ad-event.js';
import { LIFECYCLE_BATCH_SIZE, type LifecycleJobDeps } from './lifecycle-deps.js';
import { lockExpiredAds } from './lifecycle-repository.js';
import { sendExpiryNotice } from './send-expiry-notice.js';
import { posterLanguage } from '../accounts/account-queries.js';

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
      const due = await lockExpiredAds(tx.db, now, batchSize);
      if (due.length === 0) return 0;
      for (const ad of due) await applyAdEvent(tx, deps, ad.id, { type: 'expire', at: now });
      for (const ad of due) {
        if (!ad.reachable || !ad.expiresAt) continue;
        const language = await posterLanguage(tx.db, deps.siteById(ad.siteId), ad);
        await sendExpiryNotice(tx, deps, { ...ad, expiresAt: ad.expiresAt }, 'expired', language);
      }
      return due.length;
    });
    total += expired;
    if (expired < batchSize) return total;
  }
}
