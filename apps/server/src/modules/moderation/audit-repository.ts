import type { AuditTargetType } from '@adboard/shared';
import { and, asc, count, desc, eq, gt, gte, lt, lte, max, min, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { auditLog } from '../../db/schema.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** Appends one entry (the table is append-only at the database, migration 0005). */
export async function insertAuditEntry(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** One page of entries newest first, optionally of one target type and id, and how many in all. */
export async function findAuditPage(
  db: Db,
  filter: { targetType?: AuditTargetType; targetId?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The newest entries of one item (at most `limit`). */
export function listAuditOfTarget(
  db: Db,
  targetType: AuditTargetType,
  targetId: string,
  limit: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** A period of the log: from its first instant, included, to `to`, excluded. */
export interface AuditPeriod {
  from: Date;
  to: Date;
}

function inPeriod(period: AuditPeriod): SQL | undefined {
  return and(gte(auditLog.createdAt, period.from), lt(auditLog.createdAt, period.to));
}

/** The first and last id of the period's entries (by the time index), or null for none. */
export async function findAuditIdRange(
  db: Db,
  period: AuditPeriod,
): Promise<{ first: number; last: number } | null> {
  const [row] = await db
    .select({ first: min(auditLog.id), last: max(auditLog.id) })
    .from(auditLog)
    .where(inPeriod(period));
  return row?.first != null && row.last != null ? { first: row.first, last: row.last } : null;
}

/** The period's next entries by id after `afterId`, up to `lastId` (the primary key's order). */
export function listAuditOfPeriodAfter(
  db: Db,
  period: AuditPeriod,
  page: { afterId: number; lastId: number; limit: number },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, page.afterId), lte(auditLog.id, page.lastId), inPeriod(period)))
    .orderBy(asc(auditLog.id))
    .limit(page.limit);
}
