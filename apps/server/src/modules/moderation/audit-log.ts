import type { AuditAction, AuditEntry, AuditTargetType } from '@adboard/shared';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { auditLog } from '../../db/schema.js';
import type { ActorUser as UserRow } from '../../domain/actor.js';
import { PAGE_SIZE, pageOffset, type ListPage } from './list-page.js';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditRecord {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
}

/**
 * Writes who did what to which item, in the action's own transaction: the
 * entry exists exactly when the change does. The table is append-only at the
 * database (migration 0005), so nothing here or elsewhere can rewrite it.
 */
export async function recordAudit(
  tx: Tx,
  actor: Pick<UserRow, 'id' | 'email'>,
  record: AuditRecord,
): Promise<void> {
  await tx.db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    before: record.before,
    after: record.after,
    reason: record.reason ?? null,
  });
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Entries newest first, optionally of one target type and id. */
export async function listAudit(
  db: Db,
  query: { targetType?: AuditTargetType; targetId?: string; page: number },
): Promise<ListPage<AuditEntry>> {
  const conditions: SQL[] = [];
  if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(auditLog.targetId, query.targetId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(query.page));
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return {
    items: rows.map(presentAuditEntry),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

/** The history of one item, newest first (the review screen shows it whole). */
export async function auditOf(
  db: Db,
  targetType: AuditTargetType,
  targetId: string,
): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id))
    .limit(200);
  return rows.map(presentAuditEntry);
}
