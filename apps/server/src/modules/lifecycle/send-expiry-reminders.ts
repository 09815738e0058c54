import { lifecycle } from '@adboard/shared';
import { LIFECYCLE_BATCH_SIZE, type LifecycleJobDeps } from './lifecycle-deps.js';
import { lockAdsDueReminder } from './lifecycle-repository.js';
import { sendExpiryNotice } from './send-expiry-notice.js';
import { posterLanguage } from '../accounts/account-queries.js';

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
  let total = 0;
  for (;;) {
    const found = await deps.database.transaction(async (tx) => {
      const due = await lockAdsDueReminder(tx.db, { now, dayAhead, weekAhead }, batchSize);
      let sent = 0;
      for (const ad of due) {
        if (!ad.expiresAt) continue;
        const language = await posterLanguage(tx.db, deps.siteById(ad.siteId), ad);
        if (await sendExpiryNotice(tx, deps, { ...ad, expiresAt: ad.expiresAt }, ad.kind, language))
          sent += 1;
      }
      return { selected: due.length, sent };
    });
    total += found.sent;
    if (found.selected < batchSize) return total;
  }
}
