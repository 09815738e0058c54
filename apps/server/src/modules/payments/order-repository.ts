import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, Tx } from '../../db/database.js';
import {
  ads,
  analyticsEvents,
  paymentOrderHistory,
  paymentOrders,
  paymentOutputs,
  refunds,
} from '../../db/schema.js';
import { ownerBannedSqlOf } from '../ad-lifecycle/ad-state-queries.js';
import type { SeenOutput } from './evaluate-order.js';
import type { OrderRow } from './order-presenter.js';

/** The order of this ad paid to this address, if the ad ever had one. */
export async function findOrderOfAd(
  db: Db,
  adId: number,
  address: string,
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.adId, adId), eq(paymentOrders.address, address)));
  return order;
}

export async function findOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return order;
}

/**
 * An open order: it never completed and its address has not expired by the
 * database's clock (the payment page offers it; the operator's figures count it).
 */
const isOpenOrder = () =>
  and(
    ne(paymentOrders.status, 'complete'),
    // Money applied once: never offered again, whatever the chain shows now.
    isNull(paymentOrders.completedAt),
    gt(paymentOrders.expiresAt, sql`now()`),
  );

/** The ad's newest open order (of one product, when named). */
export async function findOpenOrderOfAd(
  db: Db,
  adId: number,
  product?: OrderRow['product'],
): Promise<OrderRow | undefined> {
  const [open] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.adId, adId),
        product === undefined ? undefined : eq(paymentOrders.product, product),
        isOpenOrder(),
      ),
    )
    .orderBy(desc(paymentOrders.createdAt))
    .limit(1);
  return open;
}

/** Every open order of every site: one count. */
export async function countOpenOrders(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentOrders)
    .where(isOpenOrder());
  return row?.count ?? 0;
}

/** The next receive address index: a database sequence never hands one out twice. */
export async function nextAddressIndex(tx: Tx): Promise<number> {
  const { rows } = await tx.client.query<{ index: number }>(
    "SELECT nextval('btc_address_index_seq')::int AS index",
  );
  const index = rows[0]?.index;
  if (index === undefined) throw new Error('no address index');
  return index;
}

export async function insertOrder(
  db: Db,
  values: typeof paymentOrders.$inferInsert,
): Promise<OrderRow> {
  const [order] = await db.insert(paymentOrders).values(values).returning();
  if (!order) throw new Error('order insert returned no row');
  return order;
}

/** One step of an order's status history. */
export async function insertOrderHistory(
  db: Db,
  row: typeof paymentOrderHistory.$inferInsert,
): Promise<void> {
  await db.insert(paymentOrderHistory).values(row);
}

/**
 * The address a check reads, and when it reads it: the database's clock as text,
 * which keeps its microseconds (a JavaScript Date would drop them).
 */
export async function findOrderAddress(
  db: Db,
  orderId: string,
): Promise<{ address: string; readAt: string } | undefined> {
  const [row] = await db
    .select({ address: paymentOrders.address, readAt: sql<string>`clock_timestamp()::text` })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId));
  return row;
}

const readAtOf = (readAt: string) => sql`${readAt}::timestamptz`;

/**
 * Locks the order for a check that read the chain at `readAt`; `newer` says a
 * check that read it later has already been applied.
 */
export async function lockOrderForCheck(
  db: Db,
  orderId: string,
  readAt: string,
): Promise<{ order: OrderRow; newer: boolean } | undefined> {
  const [locked] = await db
    .select({
      order: paymentOrders,
      newer: sql<boolean>`coalesce(${paymentOrders.lastCheckedAt} > ${readAtOf(readAt)}, false)`,
    })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId))
    .for('update');
  return locked;
}

/** What a check found, written to the order; `lastCheckedAt` is when it read the chain. */
export async function updateCheckedOrder(
  db: Db,
  orderId: string,
  readAt: string,
  fields: Pick<
    Partial<typeof paymentOrders.$inferInsert>,
    | 'status'
    | 'receivedSats'
    | 'confirmedSats'
    | 'completedAt'
    | 'appliedSats'
    | 'checkFailures'
    | 'nextCheckAt'
    | 'updatedAt'
  >,
): Promise<OrderRow | undefined> {
  const [updated] = await db
    .update(paymentOrders)
    .set({ ...fields, lastCheckedAt: readAtOf(readAt) })
    .where(eq(paymentOrders.id, orderId))
    .returning();
  return updated;
}

/**
 * Stores an output paying the order, once per outpoint: seen again, its
 * confirmation is updated and it is no longer gone. An outpoint stored for
 * another order is left as it is.
 */
export async function upsertPaymentOutput(
  db: Db,
  orderId: string,
  output: SeenOutput,
): Promise<void> {
  await db
    .insert(paymentOutputs)
    .values({
      txid: output.txid,
      vout: output.vout,
      orderId,
      sats: output.sats,
      confirmed: output.confirmed,
      blockHeight: output.blockHeight,
    })
    .onConflictDoUpdate({
      target: [paymentOutputs.txid, paymentOutputs.vout],
      set: { confirmed: output.confirmed, blockHeight: output.blockHeight, goneAt: null },
      setWhere: eq(paymentOutputs.orderId, orderId),
    });
}

/** The order's outputs that are not gone. */
export async function listLiveOutputs(
  db: Db,
  orderId: string,
): Promise<(typeof paymentOutputs.$inferSelect)[]> {
  return db
    .select()
    .from(paymentOutputs)
    .where(and(eq(paymentOutputs.orderId, orderId), isNull(paymentOutputs.goneAt)));
}

/** An output replaced or dropped from the chain: it no longer pays anything. */
export async function markOutputGone(db: Db, txid: string, vout: number): Promise<void> {
  await db
    .update(paymentOutputs)
    .set({ goneAt: sql`now()` })
    .where(and(eq(paymentOutputs.txid, txid), eq(paymentOutputs.vout, vout)));
}

/** The analytics event of a completed order. */
export async function insertPaymentCompleteEvent(db: Db, order: OrderRow): Promise<void> {
  await db.insert(analyticsEvents).values({
    name: 'payment_complete',
    adId: order.adId,
    userId: null,
    siteId: order.siteId,
    data: { product: order.product, option: order.optionId, orderId: order.id },
  });
}

/** The ad's orders with applied money. */
export async function listAppliedOrders(
  db: Db,
  adId: number,
): Promise<{ id: string; appliedSats: bigint }[]> {
  return db
    .select({ id: paymentOrders.id, appliedSats: paymentOrders.appliedSats })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.adId, adId), gt(paymentOrders.appliedSats, 0n)));
}

/** The ad's orders with applied money that no refund of a rejected or deleted ad pays back. */
export async function listAppliedOrdersWithoutRefund(
  db: Db,
  adId: number,
): Promise<{ id: string; appliedSats: bigint }[]> {
  return db
    .select({ id: paymentOrders.id, appliedSats: paymentOrders.appliedSats })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.adId, adId),
        gt(paymentOrders.appliedSats, 0n),
        sql`NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = "payment_orders"."id" AND r.state <> 'cancelled' AND r.reason IN ('rejected', 'deleted'))`,
      ),
    );
}

/** The ad's orders that never completed but have confirmed money. */
export async function listUnfinishedPaidOrders(db: Db, adId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.adId, adId),
        isNull(paymentOrders.completedAt),
        gt(paymentOrders.confirmedSats, 0n),
      ),
    );
}

/** The ad's orders whose applied money is on a refund (asked for, ready or sent) count as unapplied. */
export async function unapplyOrdersOnRefund(db: Db, adId: number): Promise<void> {
  const refunded = db
    .select({ orderId: refunds.orderId })
    .from(refunds)
    .where(
      and(
        eq(refunds.adId, adId),
        inArray(refunds.state, ['awaiting_address', 'ready', 'sent']),
        // Refunds of the applied money only: late or excess money was never applied.
        inArray(refunds.reason, ['rejected', 'deleted']),
      ),
    );
  await db
    .update(paymentOrders)
    .set({ appliedSats: 0n, updatedAt: new Date() })
    .where(and(eq(paymentOrders.adId, adId), inArray(paymentOrders.id, refunded)));
}

/** The ad's orders that are not complete stop being shown: their addresses expire now. */
export async function expireOpenOrdersOfAd(db: Db, adId: number): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ expiresAt: sql`least(${paymentOrders.expiresAt}, now())`, updatedAt: new Date() })
    .where(and(eq(paymentOrders.adId, adId), sql`${paymentOrders.status} <> 'complete'`));
}

/** At start: every order of the last week that is not complete is due now. Answers how many. */
export async function markOpenOrdersDue(db: Db): Promise<number> {
  const rows = await db
    .update(paymentOrders)
    .set({ nextCheckAt: sql`now()` })
    .where(openOrders())
    .returning({ id: paymentOrders.id });
  return rows.length;
}

/** The open orders (as a start makes them due), oldest first. */
export async function listOpenOrderIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(openOrders())
    .orderBy(paymentOrders.createdAt, paymentOrders.id);
  return rows.map((row) => row.id);
}

/** Open: not complete, from the last week (older ones are no longer watched). */
function openOrders() {
  return and(
    ne(paymentOrders.status, 'complete'),
    gt(paymentOrders.createdAt, sql`now() - interval '7 days'`),
    isNotNull(paymentOrders.address),
    lte(paymentOrders.createdAt, sql`now()`),
  );
}

/**
 * Claims up to `limit` due orders for `claimSeconds` (SKIP LOCKED: another
 * worker's claim is passed over; a crashed worker's claim simply runs out).
 */
export async function claimDueOrders(
  pool: pg.Pool,
  limit: number,
  claimSeconds: number,
): Promise<{ id: string; checkFailures: number }[]> {
  const { rows } = await pool.query<{ id: string; check_failures: number }>(
    `UPDATE payment_orders SET next_check_at = now() + make_interval(secs => $2)
     WHERE id IN (
       SELECT id FROM payment_orders
       WHERE next_check_at IS NOT NULL AND next_check_at <= now()
       ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, check_failures`,
    [limit, claimSeconds],
  );
  return rows.map((r) => ({ id: r.id, checkFailures: r.check_failures }));
}

/** A failed check: the order's failures so far, and when it is checked again. */
export async function recordCheckFailure(
  pool: pg.Pool,
  orderId: string,
  failures: number,
  retryInSeconds: number,
): Promise<void> {
  await pool.query(
    `UPDATE payment_orders SET check_failures = $2,
       next_check_at = now() + make_interval(secs => $3) WHERE id = $1`,
    [orderId, failures, retryInSeconds],
  );
}

/** An order's status and what the ad policy needs of its ad. */
export interface OrderStatusRow {
  status: OrderRow['status'];
  amountSats: bigint;
  receivedSats: bigint;
  expiresAt: Date;
  adId: number;
  siteId: string;
  ownerId: string | null;
  deleted: boolean;
  ownerBanned: boolean;
}

/** The status poll's query, built once per database handle and run as a named statement. */
function prepareOrderStatus(db: Db) {
  return db
    .select({
      status: paymentOrders.status,
      amountSats: paymentOrders.amountSats,
      receivedSats: paymentOrders.receivedSats,
      expiresAt: paymentOrders.expiresAt,
      adId: ads.id,
      siteId: ads.siteId,
      ownerId: ads.ownerId,
      deleted: sql<boolean>`(${ads.status} = 'deleted' OR ${ads.deletedAt} IS NOT NULL)`,
      ownerBanned: sql<boolean>`${sql.raw(ownerBannedSqlOf('"ads"'))}`,
    })
    .from(paymentOrders)
    .innerJoin(ads, eq(ads.id, paymentOrders.adId))
    .where(
      and(
        eq(paymentOrders.adId, sql.placeholder('adId')),
        eq(paymentOrders.address, sql.placeholder('address')),
      ),
    )
    .prepare('payment_order_status');
}

const orderStatusQueries = new WeakMap<Db, ReturnType<typeof prepareOrderStatus>>();

/** The order of this ad paid to this address, with its ad's owner and state: one query. */
export async function findOrderStatus(
  db: Db,
  adId: string,
  address: string,
): Promise<OrderStatusRow | undefined> {
  let query = orderStatusQueries.get(db);
  if (!query) {
    query = prepareOrderStatus(db);
    orderStatusQueries.set(db, query);
  }
  const [row] = await query.execute({ adId, address });
  return row;
}
