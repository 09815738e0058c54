import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { refunds } from '../../db/schema.js';

export type RefundRow = typeof refunds.$inferSelect;

/** The refund of a mailed link, by the hash of its token. */
export async function findRefundByTokenHash(
  db: Db,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<RefundRow | undefined> {
  const query = db.select().from(refunds).where(eq(refunds.addressTokenHash, tokenHash));
  const [refund] = options.forUpdate ? await query.for('update') : await query;
  return refund;
}

/** Records a refund; answers its id. */
export async function insertRefund(db: Db, values: typeof refunds.$inferInsert): Promise<string> {
  const [row] = await db.insert(refunds).values(values).returning({ id: refunds.id });
  if (!row) throw new Error('refund insert returned no row');
  return row.id;
}

type RefundChange = Partial<Pick<RefundRow, 'state' | 'refundAddress' | 'addressGivenAt'>>;

export async function updateRefund(db: Db, id: string, change: RefundChange): Promise<void> {
  await db.update(refunds).set(change).where(eq(refunds.id, id));
}

/** Changes every refund still only offered for the ad; answers their ids. */
export async function updateOfferedRefundsOfAd(
  db: Db,
  adId: number,
  change: RefundChange,
): Promise<string[]> {
  const changed = await db
    .update(refunds)
    .set(change)
    .where(and(eq(refunds.adId, adId), eq(refunds.state, 'offered')))
    .returning({ id: refunds.id });
  return changed.map((row) => row.id);
}

/** Whether the order has a refund offered and not yet asked for. */
export async function hasOfferedRefund(db: Db, orderId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'offered')));
  return open !== undefined;
}

/** Sats of an order that are on refunds paying back (asked for, ready or sent). */
export async function sumRefundedSatsOfOrder(db: Db, orderId: string): Promise<bigint> {
  const [row] = await db
    .select({ refunded: sql<string>`coalesce(sum(${refunds.amountSats}), 0)::text` })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        inArray(refunds.state, ['awaiting_address', 'ready', 'sent']),
      ),
    );
  return BigInt(row?.refunded ?? '0');
}
