import type { AuditEntry } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { presentAuditEntry } from './audit-log.js';
import {
  findAuditIdRange,
  listAuditOfPeriodAfter,
  type AuditPeriod,
  type AuditRow,
} from './audit-repository.js';

/** An entry as an export gives it: every column, the actor's account id too. */
export interface ExportedAuditEntry extends AuditEntry {
  actorId: string | null;
}

function exportedEntry(row: AuditRow): ExportedAuditEntry {
  return { ...presentAuditEntry(row), actorId: row.actorId };
}

/**
 * Reads the entries of a period in id order, a page at a time, handing each page to
 * `onPage` before the next is read: a long period never sits in memory whole. All
 * pages come from one read-only snapshot (REPEATABLE READ), so an entry written
 * meanwhile neither slips in between pages nor shifts them. Reading writes no audit
 * entry. Answers how many entries there were. `tx` is a new transaction: this is
 * its first statement (the isolation level is set before anything is read).
 */
export async function readAuditOfPeriod(
  tx: Tx,
  period: AuditPeriod,
  onPage: (entries: ExportedAuditEntry[]) => Promise<void>,
  pageSize = 500,
): Promise<number> {
  await tx.client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  const range = await findAuditIdRange(tx.db, period);
  if (!range) return 0;
  let afterId = range.first - 1;
  let count = 0;
  for (;;) {
    const rows = await listAuditOfPeriodAfter(tx.db, period, {
      afterId,
      lastId: range.last,
      limit: pageSize,
    });
    if (rows.length > 0) await onPage(rows.map(exportedEntry));
    count += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return count;
    afterId = last.id;
  }
}
