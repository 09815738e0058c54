import type { StatKind } from '@adboard/shared';
import { isCrawler } from './crawler-rule.js';
import { lastDays, noCounts, type DayCounts } from './stats-days.js';
import { createVisitorOnce, type VisitorOnce } from './visitor-once.js';

/** One row of a batch: what to add to an ad's day. */
export interface StatsDelta {
  adId: number;
  day: string;
  counts: DayCounts;
}

/** Where batches go (ad-stats-repository.ts through the pool). */
export interface StatsStore {
  add(batch: readonly StatsDelta[]): Promise<void>;
  /** Drops the days before `firstKept`. */
  prune(firstKept: string): Promise<void>;
}

/** Who asked, as the request says: read, hashed, never kept. */
export interface Visitor {
  address: string;
  userAgent: string | undefined;
}

export interface StatsCounter {
  /** Counts a person's sight of these ads: once per ad, kind and UTC day. */
  count(kind: StatKind, adIds: readonly number[], visitor: Visitor): void;
  /** Writes what is counted so far (one statement); kept for the next try when it fails. */
  flush(): Promise<void>;
  /** Stops the timer and writes the rest: the last step of a clean stop. */
  close(): Promise<void>;
}

/** Counts are written every 5 s: a killed server loses at most this much. */
export const STATS_FLUSH_MS = 5_000;
/** Days kept (the longest period the owner may ask for). */
export const STATS_KEPT_DAYS = 90;

export interface StatsCounterOptions {
  store: StatsStore;
  flushMs?: number;
  now?: () => number;
  visitors?: VisitorOnce;
  onError?: (error: unknown) => void;
}

/** Counting switched off (AD_STATS=false): nothing is read, counted or written. */
export const noStatsCounter: StatsCounter = {
  count: () => undefined,
  flush: async () => undefined,
  close: async () => undefined,
};

export function createStatsCounter(options: StatsCounterOptions): StatsCounter {
  const now = options.now ?? Date.now;
  const visitors = options.visitors ?? createVisitorOnce({ now });
  const onError = options.onError ?? (() => undefined);
  let pending = new Map<string, StatsDelta>();
  let running: Promise<void> = Promise.resolve();
  let prunedOn = '';

  const add = (adId: number, day: string, kind: StatKind, n = 1) => {
    const key = `${adId}|${day}`;
    let delta = pending.get(key);
    if (!delta) {
      delta = { adId, day, counts: noCounts() };
      pending.set(key, delta);
    }
    delta.counts[kind] += n;
  };

  const writeBatch = async () => {
    const batch = [...pending.values()];
    pending = new Map();
    try {
      if (batch.length > 0) await options.store.add(batch);
    } catch (error) {
      // Kept for the next batch: added to what was counted meanwhile.
      for (const delta of batch) {
        for (const [kind, n] of Object.entries(delta.counts) as [StatKind, number][]) {
          if (n > 0) add(delta.adId, delta.day, kind, n);
        }
      }
      onError(error);
      return;
    }
    const firstKept = lastDays(STATS_KEPT_DAYS, new Date(now()))[0] ?? '';
    if (firstKept !== prunedOn) {
      await options.store.prune(firstKept).then(() => {
        prunedOn = firstKept;
      }, onError);
    }
  };
  // One batch at a time, in order.
  const flush = () => {
    running = running.then(writeBatch);
    return running;
  };
  const timer = setInterval(() => void flush(), options.flushMs ?? STATS_FLUSH_MS);
  timer.unref();

  return {
    count(kind, adIds, visitor) {
      if (adIds.length === 0 || isCrawler(visitor.userAgent)) return;
      const day = visitors.day();
      for (const adId of visitors.firstToday(kind, adIds, visitor.address)) add(adId, day, kind);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
