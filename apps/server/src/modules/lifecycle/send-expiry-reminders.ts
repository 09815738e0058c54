import { lifecycle } from '@adboard/shared';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { ads } from '../../db/schema.js';
import { ownerReachable } from './ad-owner-reachable.js';
import { LIFECYCLE_BATCH_SIZE, type LifecycleJobDeps } from './lifecycle-deps.js';
import { sendExpiryNotice } from './send-expiry-notice.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reminds owners of public ads 7 days and 1 day before expiry. The kind depends
 * on the time left when the ad is first seen, so an ad with less than a day
 * left gets only the day reminder, never both at once. An ad already reminded
 * for its kind and expiry time is not selected again. Answers how many were sent.
 */
export async function sendExpiryReminders(
  deps: LifecycleJobDeps,
  now: Date,
  batchSize = LIFECYCLE_BATCH_SIZE,
): Promise<number> {
  const weekAhead = new Date(now.getTime() + lifecycle.reminderDays.week * DAY_MS);
  const dayAhead = new Date(now.getTime() + lifecycle.reminderDays.day * DAY_MS);
  const kind = sql<
    'week' | 'day'
  >`CASE WHEN ${ads.expiresAt} <= ${dayAhead.toISOString()}::timestamptz THEN 'day' ELSE 'week' END`;
  let total = 0;
  for (;;) {
    const found = await deps.database.transaction(async (tx) => {
      const due = await tx.db
        .select({
          id: ads.id,
          siteId: ads.siteId,
          email: ads.email,
          title: ads.title,
          type: ads.type,
          expiresAt: ads.expiresAt,
          kind,
        })
        .from(ads)
        .where(
          and(
            eq(ads.status, 'active'),
            gt(ads.expiresAt, now),
            lte(ads.expiresAt, weekAhead),
            ownerReachable,
            sql`NOT EXISTS (SELECT 1 FROM ad_expiry_notices n
              WHERE n.ad_id = ${ads.id} AND n.expires_at = ${ads.expiresAt} AND n.kind = ${kind})`,
          ),
        )
        .orderBy(asc(ads.expiresAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      let sent = 0;
      for (const ad of due) {
        if (!ad.expiresAt) continue;
        if (await sendExpiryNotice(tx, deps, { ...ad, expiresAt: ad.expiresAt }, ad.kind))
          sent += 1;
      }
      return { selected: due.length, sent };
    });
    total += found.sent;
    if (found.selected < batchSize) return total;
  }
}
