import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { adStats } from '../../db/schema.js';
import type { DayCounts } from './stats-days.js';
import type { StatsDelta } from './stats-counter.js';

/**
 * Adds a batch to its (ad, day) rows in one statement; an ad deleted since it was
 * counted is skipped (its rows went with it).
 */
export async function addStatCounts(db: Db, batch: readonly StatsDelta[]): Promise<void> {
  // Each column as one array parameter (not a list of parameters).
  const column = (pick: (d: StatsDelta) => number | string) => sql.param(batch.map(pick));
  await db.execute(sql`
    INSERT INTO ad_stats (ad_id, day, appearances, views, call_taps, text_taps, email_taps)
    SELECT b.ad_id, b.day, b.appearances, b.views, b.call_taps, b.text_taps, b.email_taps
    FROM unnest(
      ${column((d) => d.adId)}::bigint[], ${column((d) => d.day)}::date[],
      ${column((d) => d.counts.appearance)}::int[], ${column((d) => d.counts.view)}::int[],
      ${column((d) => d.counts.call)}::int[], ${column((d) => d.counts.text)}::int[],
      ${column((d) => d.counts.email)}::int[]
    ) AS b (ad_id, day, appearances, views, call_taps, text_taps, email_taps)
    WHERE EXISTS (SELECT 1 FROM ads WHERE ads.id = b.ad_id)
    ORDER BY b.ad_id, b.day
    ON CONFLICT (ad_id, day) DO UPDATE SET
      appearances = ad_stats.appearances + excluded.appearances,
      views = ad_stats.views + excluded.views,
      call_taps = ad_stats.call_taps + excluded.call_taps,
      text_taps = ad_stats.text_taps + excluded.text_taps,
      email_taps = ad_stats.email_taps + excluded.email_taps`);
}

/** Drops every day before `firstKept` (YYYY-MM-DD). */
export async function pruneStatCounts(db: Db, firstKept: string): Promise<void> {
  await db.delete(adStats).where(lt(adStats.day, firstKept));
}

/** The ad's counted days from `from` on, by day. */
export async function readStatCounts(
  db: Db,
  adId: number,
  from: string,
): Promise<Map<string, DayCounts>> {
  const rows = await db
    .select()
    .from(adStats)
    .where(and(eq(adStats.adId, adId), gte(adStats.day, from)))
    .orderBy(asc(adStats.day));
  return new Map(
    rows.map((r) => [
      r.day,
      {
        appearance: r.appearances,
        view: r.views,
        call: r.callTaps,
        text: r.textTaps,
        email: r.emailTaps,
      },
    ]),
  );
}
