import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { adReports, ads } from '../../db/schema.js';

export type ReportRow = typeof adReports.$inferSelect;

/**
 * One page of open reports most urgent first (then oldest), or of resolved ones
 * most recently resolved first, each with its ad's title; and how many in all.
 */
export async function findReportPage(
  db: Db,
  state: 'open' | 'resolved',
  page: { limit: number; offset: number },
): Promise<{ rows: { report: ReportRow; adTitle: string }[]; total: number }> {
  const where = state === 'open' ? isNull(adReports.resolvedAt) : isNotNull(adReports.resolvedAt);
  const order =
    state === 'open'
      ? [asc(adReports.priority), asc(adReports.createdAt), asc(adReports.id)]
      : [desc(adReports.resolvedAt), desc(adReports.id)];
  const rows = await db
    .select({ report: adReports, adTitle: ads.title })
    .from(adReports)
    .innerJoin(ads, eq(ads.id, adReports.adId))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(adReports).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every report of one ad, newest first. */
export function listReportsOfAd(db: Db, adId: number): Promise<ReportRow[]> {
  return db
    .select()
    .from(adReports)
    .where(eq(adReports.adId, adId))
    .orderBy(desc(adReports.createdAt), desc(adReports.id));
}

/** The report, locked until the transaction ends. */
export async function findReportForUpdate(
  db: Db,
  reportId: string,
): Promise<ReportRow | undefined> {
  const [report] = await db
    .select()
    .from(adReports)
    .where(eq(adReports.id, reportId))
    .for('update');
  return report;
}

/** Resolves the report as dismissed by this moderator now; answers it as it is now. */
export async function markReportDismissed(
  db: Db,
  reportId: string,
  resolvedBy: string,
): Promise<ReportRow | undefined> {
  const [resolved] = await db
    .update(adReports)
    .set({ resolvedAt: sql`now()`, resolvedBy, resolution: 'dismissed' })
    .where(eq(adReports.id, reportId))
    .returning();
  return resolved;
}

/** Resolves every open report of the ad as 'ad_removed'; answers how many. */
export async function resolveOpenReportsOfAd(
  db: Db,
  adId: number,
  resolvedBy: string,
): Promise<number> {
  const resolved = await db
    .update(adReports)
    .set({ resolvedAt: sql`now()`, resolvedBy, resolution: 'ad_removed' })
    .where(and(eq(adReports.adId, adId), isNull(adReports.resolvedAt)))
    .returning({ id: adReports.id });
  return resolved.length;
}
