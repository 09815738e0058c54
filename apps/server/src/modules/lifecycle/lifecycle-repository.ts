import { utcDateOf, type AdType, type Language } from '@adboard/shared';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { adExpiryNotices, ads, previewTokens } from '../../db/schema.js';

/**
 * Lifecycle mails go only to owners of ads that were public: an ad has an
 * account behind it and that account is not banned. Others expire quietly.
 */
const ownerReachable = sql<boolean>`(${ads.ownerId} IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM users u WHERE u.id = ${ads.ownerId} AND u.banned_at IS NOT NULL))`;

/** An ad as the lifecycle job mails about it. */
export interface DueAd {
  id: number;
  siteId: string;
  email: string;
  title: string;
  type: AdType;
  expiresAt: Date | null;
  /** Whose mails these are, in their language (posterLanguage). */
  ownerId: string | null;
  language: Language | null;
}

/** What the expiry mails need of an ad (`DueAd`). */
const dueAdColumns = {
  id: ads.id,
  siteId: ads.siteId,
  email: ads.email,
  title: ads.title,
  type: ads.type,
  expiresAt: ads.expiresAt,
  ownerId: ads.ownerId,
  language: ads.language,
};

/**
 * Public ads whose time is up by `now`, oldest first, locked; rows another
 * worker holds are skipped. `reachable`: whether their owner may be mailed.
 */
export async function lockExpiredAds(
  db: Db,
  now: Date,
  limit: number,
): Promise<(DueAd & { reachable: boolean })[]> {
  return db
    .select({ ...dueAdColumns, reachable: ownerReachable })
    .from(ads)
    .where(and(eq(ads.status, 'active'), lte(ads.expiresAt, now)))
    .orderBy(asc(ads.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Public ads of reachable owners that expire after `now` and by `weekAhead`,
 * oldest first, locked (rows another worker holds are skipped), with the
 * reminder they are due: 'day' when they expire by `dayAhead`, else 'week'. An
 * ad already reminded of that kind for its expiry time is not selected.
 */
export async function lockAdsDueReminder(
  db: Db,
  window: { now: Date; dayAhead: Date; weekAhead: Date },
  limit: number,
): Promise<(DueAd & { kind: 'week' | 'day' })[]> {
  const kind = sql<
    'week' | 'day'
  >`CASE WHEN ${ads.expiresAt} <= ${window.dayAhead.toISOString()}::timestamptz THEN 'day' ELSE 'week' END`;
  return db
    .select({ ...dueAdColumns, kind })
    .from(ads)
    .where(
      and(
        eq(ads.status, 'active'),
        gt(ads.expiresAt, window.now),
        lte(ads.expiresAt, window.weekAhead),
        ownerReachable,
        sql`NOT EXISTS (SELECT 1 FROM ad_expiry_notices n
          WHERE n.ad_id = ${ads.id} AND n.expires_at = ${ads.expiresAt} AND n.kind = ${kind})`,
      ),
    )
    .orderBy(asc(ads.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Records a notice of the ad's current expiry time; false when one of this kind
 * was already recorded for it (the insert lets exactly one caller through).
 */
export async function insertExpiryNotice(
  db: Db,
  adId: number,
  kind: 'week' | 'day' | 'expired',
): Promise<boolean> {
  const recorded = await db
    .insert(adExpiryNotices)
    .values({
      adId,
      kind,
      // The stored value itself: a JavaScript Date drops the microseconds, and the
      // notice must match the ad's expiry exactly to count as sent for it.
      expiresAt: sql`(SELECT ${ads.expiresAt} FROM ${ads} WHERE ${ads.id} = ${adId})`,
    })
    .onConflictDoNothing()
    .returning({ adId: adExpiryNotices.adId });
  return recorded.length > 0;
}

/** Housekeeping: preview links live 10 minutes; their rows need not live longer. */
export async function deleteExpiredPreviewTokens(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(previewTokens)
    .where(lte(previewTokens.expiresAt, now))
    .returning({ tokenHash: previewTokens.tokenHash });
  return deleted.length;
}

/**
 * Ads approved for a start date that has come by `now` (UTC day), locked (rows another
 * worker holds are skipped), oldest date first.
 */
export async function lockScheduledAdsDue(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.status, 'scheduled'), lte(ads.startsOn, utcDateOf(now))))
    .orderBy(asc(ads.startsOn), asc(ads.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

/** Public ads whose 'Available now' has run its time by `now`, locked (skipping held rows). */
export async function lockEndedAvailability(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.status, 'active'), lte(ads.availableUntil, now)))
    .orderBy(asc(ads.availableUntil))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}
