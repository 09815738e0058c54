import { deleteOldIdempotencyKeys } from '../idempotency/idempotency.js';
import { expireAds } from './expire-ads.js';
import type { LifecycleJobDeps } from './lifecycle-deps.js';
import { deleteExpiredPreviewTokens } from './lifecycle-repository.js';
import { sendExpiryReminders } from './send-expiry-reminders.js';

export interface LifecycleRun {
  expired: number;
  reminded: number;
  previewTokensDeleted: number;
  idempotencyKeysDeleted: number;
}

/**
 * One pass of the ad lifecycle at `now` (the scheduled job passes the clock;
 * tests pass any time): expire ads whose time is up, remind owners of ads about
 * to expire, drop preview tokens past their time and idempotency keys older
 * than a day. Safe to run on several workers at once and to run again: nothing
 * is done or mailed twice.
 */
export async function runAdLifecycle(deps: LifecycleJobDeps, now: Date): Promise<LifecycleRun> {
  const expired = await expireAds(deps, now);
  const reminded = await sendExpiryReminders(deps, now);
  const previewTokensDeleted = await deleteExpiredPreviewTokens(deps.database.db, now);
  const idempotencyKeysDeleted = await deleteOldIdempotencyKeys(deps.database.db, now);
  return { expired, reminded, previewTokensDeleted, idempotencyKeysDeleted };
}
