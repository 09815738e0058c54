import type { AdStats } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import type { AdContext } from '../ads/ad-deps.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { readStatCounts } from './ad-stats-repository.js';
import { lastDays, statsRows } from './stats-days.js';

/**
 * The ad's statistics for its owner (or its edit token), as every ad call is allowed
 * (ad-policy.ts): the last `days` UTC days, oldest first, zeros included.
 */
export async function readAdStats(
  db: Db,
  ctx: AdContext,
  id: string,
  days: number,
  now: Date = new Date(),
): Promise<AdStats> {
  const ad = await loadManagedAd(db, ctx, id);
  const period = lastDays(days, now);
  const counted = await readStatCounts(db, ad.id, period[0] ?? '');
  return { days: statsRows(period, counted) };
}
