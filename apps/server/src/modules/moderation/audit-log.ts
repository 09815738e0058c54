import type { AuditAction, AuditEntry, AuditTargetType } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import type { Operator } from '../../domain/actor.js';
import {
  findAuditPage,
  insertAuditEntry,
  listAuditOfTarget,
  type AuditRow,
} from './audit-repository.js';
import { PAGE_SIZE, pageOffset, type ListPage } from './list-page.js';

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
  actor: Pick<Operator, 'id' | 'email'>,
  record: AuditRecord,
): Promise<void> {
  await insertAuditEntry(tx.db, {
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
  const { rows, total } = await findAuditPage(db, query, {
    limit: PAGE_SIZE,
    offset: pageOffset(query.page),
  });
  return {
    items: rows.map(presentAuditEntry),
    total,
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
  return (await listAuditOfTarget(db, targetType, targetId, 200)).map(presentAuditEntry);
}
