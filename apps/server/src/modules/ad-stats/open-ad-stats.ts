import type { Db } from '../../db/database.js';
import { addStatCounts, pruneStatCounts } from './ad-stats-repository.js';
import { createStatsCounter, noStatsCounter, type StatsCounter } from './stats-counter.js';

/**
 * This web server's counter (AD_STATS, on by default): counts in memory, written to
 * PostgreSQL every few seconds as additions, so several servers simply add up.
 */
export function openAdStats(
  enabled: boolean,
  db: Db,
  options: { flushMs?: number; onError?: (error: unknown) => void } = {},
): StatsCounter {
  if (!enabled) return noStatsCounter;
  return createStatsCounter({
    store: {
      add: (batch) => addStatCounts(db, batch),
      prune: (firstKept) => pruneStatCounts(db, firstKept),
    },
    ...options,
  });
}
