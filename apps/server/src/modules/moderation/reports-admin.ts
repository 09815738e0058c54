import { moderationMessages, type Report } from '@adboard/shared';
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { adReports, ads } from '../../db/schema.js';
import { ConflictError, NotFoundError } from '../../domain/errors.js';
import type { ActorUser as UserRow } from '../../domain/actor.js';
import { recordAudit } from './audit-log.js';
import { PAGE_SIZE, pageOffset, type ListPage } from './list-page.js';

type ReportRow = typeof adReports.$inferSelect;

export function presentReport(row: ReportRow, adTitle: string): Report {
  return {
    id: row.id,
    postId: String(row.adId),
    adTitle,
    reason: row.reason,
    details: row.details,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    resolution: row.resolution,
  };
}

/** Open reports most urgent first (then oldest); resolved ones most recently resolved first. */
export async function listReports(
  db: Db,
  query: { state: 'open' | 'resolved'; page: number },
): Promise<ListPage<Report>> {
  const where =
    query.state === 'open' ? isNull(adReports.resolvedAt) : isNotNull(adReports.resolvedAt);
  const order =
    query.state === 'open'
      ? [asc(adReports.priority), asc(adReports.createdAt), asc(adReports.id)]
      : [desc(adReports.resolvedAt), desc(adReports.id)];
  const rows = await db
    .select({ report: adReports, adTitle: ads.title })
    .from(adReports)
    .innerJoin(ads, eq(ads.id, adReports.adId))
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset(pageOffset(query.page));
  const [total] = await db.select({ n: count() }).from(adReports).where(where);
  return {
    items: rows.map((r) => presentReport(r.report, r.adTitle)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

/** Every report of one ad, newest first. */
export async function reportsOfAd(db: Db, adId: number, adTitle: string): Promise<Report[]> {
  const rows = await db
    .select()
    .from(adReports)
    .where(eq(adReports.adId, adId))
    .orderBy(desc(adReports.createdAt), desc(adReports.id));
  return rows.map((row) => presentReport(row, adTitle));
}

/** A moderator finds nothing wrong: the report leaves the queue, the ad stays as it is. */
export async function dismissReport(
  tx: Tx,
  actor: UserRow,
  reportId: string,
  note: string | undefined,
): Promise<void> {
  const [report] = await tx.db
    .select()
    .from(adReports)
    .where(eq(adReports.id, reportId))
    .for('update');
  if (!report) throw new NotFoundError(moderationMessages.notFound);
  if (report.resolvedAt) throw new ConflictError(moderationMessages.reportResolved);
  const [resolved] = await tx.db
    .update(adReports)
    .set({ resolvedAt: sql`now()`, resolvedBy: actor.id, resolution: 'dismissed' })
    .where(eq(adReports.id, report.id))
    .returning();
  await recordAudit(tx, actor, {
    action: 'report.dismiss',
    targetType: 'report',
    targetId: report.id,
    before: { adId: String(report.adId), reason: report.reason, resolution: null },
    after: {
      adId: String(report.adId),
      resolution: 'dismissed',
      resolvedAt: resolved?.resolvedAt?.toISOString() ?? null,
    },
    reason: note && note !== '' ? note : null,
  });
}

/** Taking an ad down answers its open reports; answers how many. */
export async function resolveReportsOfAd(tx: Tx, actor: UserRow, adId: number): Promise<number> {
  const resolved = await tx.db
    .update(adReports)
    .set({ resolvedAt: sql`now()`, resolvedBy: actor.id, resolution: 'ad_removed' })
    .where(and(eq(adReports.adId, adId), isNull(adReports.resolvedAt)))
    .returning({ id: adReports.id });
  return resolved.length;
}
