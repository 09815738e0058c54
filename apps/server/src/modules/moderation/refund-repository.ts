import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { refunds } from '../../db/schema.js';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundState = RefundRow['state'];

/** One page of refunds newest first, optionally in one state, and how many in all. */
export async function findRefundPage(
  db: Db,
  state: RefundState | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: RefundRow[]; total: number }> {
  const where = state ? eq(refunds.state, state) : undefined;
  const rows = await db
    .select()
    .from(refunds)
    .where(where)
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(refunds).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The refund, locked until the transaction ends. */
export async function findRefundForUpdate(
  db: Db,
  refundId: string,
): Promise<RefundRow | undefined> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  return refund;
}

/** Records the refund as sent now in transaction `txid`; answers it as it is now. */
export async function markRefundRowSent(
  db: Db,
  refundId: string,
  txid: string,
): Promise<RefundRow | undefined> {
  const [sent] = await db
    .update(refunds)
    .set({ state: 'sent', sentTxid: txid, sentAt: sql`now()` })
    .where(eq(refunds.id, refundId))
    .returning();
  return sent;
}
