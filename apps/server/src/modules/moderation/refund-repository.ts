import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { paymentOrders, refunds } from '../../db/schema.js';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundState = RefundRow['state'];

/** What the console shows of a refund's order: its currency and locked rate. */
export interface RefundOrderFiat {
  currency: string;
  rate: string;
}
export type RefundListRow = RefundRow & { order: RefundOrderFiat | null };

const orderFiat = { currency: paymentOrders.currency, rate: paymentOrders.rate };

/**
 * One page of refunds, optionally in one state or in any of several, and how many
 * in all: newest first (the console), or oldest first (what to send first).
 */
export async function findRefundPage(
  db: Db,
  state: RefundState | readonly RefundState[] | undefined,
  page: { limit: number; offset: number; oldestFirst?: boolean },
): Promise<{ rows: RefundListRow[]; total: number }> {
  const where =
    state === undefined
      ? undefined
      : typeof state === 'string'
        ? eq(refunds.state, state)
        : inArray(refunds.state, [...state]);
  const order = page.oldestFirst ? asc : desc;
  const rows = await db
    .select({ refund: refunds, order: orderFiat })
    .from(refunds)
    .leftJoin(paymentOrders, eq(paymentOrders.id, refunds.orderId))
    .where(where)
    .orderBy(order(refunds.createdAt), order(refunds.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(refunds).where(where);
  return {
    rows: rows.map((row) => ({ ...row.refund, order: row.order })),
    total: total?.n ?? 0,
  };
}

/** The currency and locked rate of a refund's order, if it is there. */
export async function findRefundOrderFiat(
  db: Db,
  orderId: string,
): Promise<RefundOrderFiat | null> {
  const [order] = await db
    .select(orderFiat)
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId));
  return order ?? null;
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
