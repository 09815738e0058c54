import { applyAdEvent } from '../ad-lifecycle/apply-ad-event.js';
import type { AdEvent } from '../ad-lifecycle/transitions.js';
import { LIFECYCLE_BATCH_SIZE, type LifecycleJobDeps } from './lifecycle-deps.js';
import { lockEndedAvailability, lockScheduledAdsDue } from './lifecycle-repository.js';
import type { Db } from '../../db/database.js';

/** Applies `event` to each ad `lock` hands over, batch by batch; answers how many. */
async function inBatches(
  deps: LifecycleJobDeps,
  lock: (db: Db) => Promise<number[]>,
  event: AdEvent,
  batchSize: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await deps.database.transaction(async (tx) => {
      const due = await lock(tx.db);
      for (const id of due) await applyAdEvent(tx, deps, id, event);
      return due.length;
    });
    total += done;
    if (done < batchSize) return total;
  }
}

/** Scheduled ads whose start date has come go public (the table's 'start'). */
export const startScheduledAds = (
  deps: LifecycleJobDeps,
  now: Date,
  batchSize = LIFECYCLE_BATCH_SIZE,
) =>
  inBatches(
    deps,
    (db) => lockScheduledAdsDue(db, now, batchSize),
    { type: 'start', at: now },
    batchSize,
  );

/**
 * 'Available now' that has run its time is cleared (the table's 'availability_ends'):
 * the public pages already leave it out by its end time; this keeps the city's index
 * of available ads small and tells the page caches.
 */
export const endPassedAvailability = (
  deps: LifecycleJobDeps,
  now: Date,
  batchSize = LIFECYCLE_BATCH_SIZE,
) =>
  inBatches(
    deps,
    (db) => lockEndedAvailability(db, now, batchSize),
    { type: 'availability_ends', at: now },
    batchSize,
  );
