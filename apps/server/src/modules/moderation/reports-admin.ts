import { moderationMessages, type Report } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { ConflictError, NotFoundError } from '../../domain/errors.js';
import type { ActorUser as UserRow } from '../../domain/actor.js';
import { recordAudit } from './audit-log.js';
import { PAGE_SIZE, pageOffset, type ListPage } from './list-page.js';
import {
  findReportForUpdate,
  findReportPage,
  listReportsOfAd,
  markReportDismissed,
  resolveOpenReportsOfAd,
  type ReportRow,
} from './report-repository.js';

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
  const { rows, total } = await findReportPage(db, query.state, {
    limit: PAGE_SIZE,
    offset: pageOffset(query.page),
  });
  return {
    items: rows.map((r) => presentReport(r.report, r.adTitle)),
    total,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

/** Every report of one ad, newest first. */
export async function reportsOfAd(db: Db, adId: number, adTitle: string): Promise<Report[]> {
  return (await listReportsOfAd(db, adId)).map((row) => presentReport(row, adTitle));
}

/** A moderator finds nothing wrong: the report leaves the queue, the ad stays as it is. */
export async function dismissReport(
  tx: Tx,
  actor: UserRow,
  reportId: string,
  note: string | undefined,
): Promise<void> {
  const report = await findReportForUpdate(tx.db, reportId);
  if (!report) throw new NotFoundError(moderationMessages.notFound);
  if (report.resolvedAt) throw new ConflictError(moderationMessages.reportResolved);
  const resolved = await markReportDismissed(tx.db, report.id, actor.id);
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
  return resolveOpenReportsOfAd(tx.db, adId, actor.id);
}
