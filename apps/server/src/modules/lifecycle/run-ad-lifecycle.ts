import { deleteOldIdempotencyKeys } from '../idempotency/idempotency.js';
import { expireAds } from './expire-ads.js';
import type { LifecycleJobDeps } from './lifecycle-deps.js';
import { deleteExpiredPreviewTokens } from './lifecycle-repository.js';
import { endPassedAvailability, startScheduledAds } from './run-ad-tools.js';
import { sendExpiryReminders } from './send-expiry-reminders.js';

export interface LifecycleRun {
  expired: number;
  /** Scheduled ads that went public on their start date. */
  started: number;
  /** 'Available now' periods that ended by themselves. */
  availabilityEnded: number;
  reminded: number;
  previewTokensDeleted: number;
  idempotencyKeysDeleted: number;
}

/**
 * One pass of the ad lifecycle at `now` (the scheduled job passes the clock;
 * tests pass any time): expire ads whose time is up, start scheduled ads whose
 * date has come, end 'Available now' that has run its time, remind owners of ads about
 * to expire, drop preview tokens past their time and idempotency keys older
 * than a day. Safe to run on several workers at once and to run again: nothing
 * is done or mailed twice.
 */
export async function runAdLifecycle(deps: LifecycleJobDeps, now: Date): Promise<LifecycleRun> {
  const expired = await expireAds(deps, now);
  const started = await startScheduledAds(deps, now);
  const availabilityEnded = await endPassedAvailability(deps, now);
  const reminded = await sendExpiryReminders(deps, now);
  const previewTokensDeleted = await deleteExpiredPreviewTokens(deps.database.db, now);
  const idempotencyKeysDeleted = await deleteOldIdempotencyKeys(deps.database.db, now);
  return {
    expired,
    started,
    availabilityEnded,
    reminded,
    previewTokensDeleted,
    idempotencyKeysDeleted,
  };
}
