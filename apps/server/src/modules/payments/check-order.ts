import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import {
  ads,
  analyticsEvents,
  paymentOrderHistory,
  paymentOrders,
  paymentOutputs,
} from '../../db/schema.js';
import { evaluateOrder } from './evaluate-order.js';
import type { OrderRow } from './order-presenter.js';
import type { PaymentDeps } from './payment-deps.js';
import { nextCheckDelayMs } from './watch-schedule.js';

/** A completed order is still looked at now and then, so a reorganisation is noticed. */
const COMPLETE_RECHECK_MIN_MS = 10 * 60_000;

/**
 * Reads what pays the order's address and applies it: outputs are stored per
 * outpoint (so the same payment seen twice, or by two workers, counts once),
 * outputs no longer reported are marked gone, and the status follows the sum.
 * Chain errors are thrown before anything is written.
 *
 * `tipHeight`, when given, must have been read before this call (the watcher
 * reads it once per batch): a block found since then only counts at the next
 * check. Without it the tip is read after the address history.
 */
export async function checkOrder(
  deps: PaymentDeps,
  orderId: string,
  options: { tipHeight?: number } = {},
): Promise<OrderRow | null> {
  // When this check reads the chain (database time, as text to keep its microseconds).
  const [peek] = await deps.database.db
    .select({ address: paymentOrders.address, readAt: sql<string>`clock_timestamp()::text` })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId));
  if (!peek) return null;
  const readAt = sql`${peek.readAt}::timestamptz`;
  const outputs = await deps.chain.addressOutputs(peek.address);
  const tip = options.tipHeight ?? (await deps.chain.tipHeight());

  return deps.database.transaction(async (tx) => {
    const [locked] = await tx.db
      .select({
        order: paymentOrders,
        newer: sql<boolean>`coalesce(${paymentOrders.lastCheckedAt} > ${readAt}, false)`,
      })
      .from(paymentOrders)
      .where(eq(paymentOrders.id, orderId))
      .for('update');
    if (!locked) return null;
    const order = locked.order;
    // A check that read the chain after this one has already been applied: this view
    // is older (it may not show a payment the other saw), so it changes nothing.
    if (locked.newer) return order;
    for (const output of outputs) {
      await tx.db
        .insert(paymentOutputs)
        .values({
          txid: output.txid,
          vout: output.vout,
          orderId: order.id,
          sats: output.sats,
          confirmed: output.confirmed,
          blockHeight: output.blockHeight,
        })
        .onConflictDoUpdate({
          target: [paymentOutputs.txid, paymentOutputs.vout],
          set: { confirmed: output.confirmed, blockHeight: output.blockHeight, goneAt: null },
          setWhere: eq(paymentOutputs.orderId, order.id),
        });
    }
    const seen = new Set(outputs.map((o) => `${o.txid}:${o.vout}`));
    const stored = await tx.db
      .select()
      .from(paymentOutputs)
      .where(and(eq(paymentOutputs.orderId, order.id), isNull(paymentOutputs.goneAt)));
    const live = [];
    for (const row of stored) {
      if (seen.has(`${row.txid}:${row.vout}`)) {
        live.push(row);
      } else {
        // Replaced or dropped from the chain: it no longer pays anything.
        await tx.db
          .update(paymentOutputs)
          .set({ goneAt: sql`now()` })
          .where(and(eq(paymentOutputs.txid, row.txid), eq(paymentOutputs.vout, row.vout)));
      }
    }
    const state = evaluateOrder(live, order.amountSats, tip, deps.bitcoin.confirmations);
    const now = new Date();
    if (state.status !== order.status) {
      await tx.db.insert(paymentOrderHistory).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: state.status,
        receivedSats: state.receivedSats,
        confirmedSats: state.confirmedSats,
      });
    }
    const completesNow = state.status === 'complete' && order.completedAt === null;
    if (completesNow) await applyCompletion(tx, order, now);
    const delay = nextCheckDelayMs(order.createdAt, now);
    const nextDelay =
      delay === null
        ? null
        : state.status === 'complete'
          ? Math.max(delay, COMPLETE_RECHECK_MIN_MS)
          : delay;
    const [updated] = await tx.db
      .update(paymentOrders)
      .set({
        status: state.status,
        receivedSats: state.receivedSats,
        confirmedSats: state.confirmedSats,
        ...(completesNow ? { completedAt: now } : {}),
        lastCheckedAt: readAt,
        checkFailures: 0,
        nextCheckAt: nextDelay === null ? null : new Date(now.getTime() + nextDelay),
        updatedAt: now,
      })
      .where(eq(paymentOrders.id, order.id))
      .returning();
    return updated ?? null;
  });
}

/**
 * What a completed order does, once: the ad is paid for its duration (from
 * the old expiry if it has not passed), a new or lapsed ad moves on to review,
 * premium runs its own clock, and the analytics event is recorded.
 */
async function applyCompletion(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const days = sql`make_interval(days => ${order.days})`;
  if (order.product === 'paid') {
    await tx.db
      .update(ads)
      .set({
        paid: true,
        product: order.optionId,
        expiresAt: sql`greatest(coalesce(${ads.expiresAt}, now()), now()) + ${days}`,
        status: sql`CASE WHEN ${ads.status} IN ('payment_pending', 'incomplete', 'expired') THEN 'pending' ELSE ${ads.status} END`,
        submittedAt: sql`coalesce(${ads.submittedAt}, now())`,
        updatedAt: now,
      })
      .where(eq(ads.id, order.adId));
  } else {
    await tx.db
      .update(ads)
      .set({
        premiumUntil: sql`greatest(coalesce(${ads.premiumUntil}, now()), now()) + ${days}`,
        updatedAt: now,
      })
      .where(eq(ads.id, order.adId));
  }
  await tx.db.insert(analyticsEvents).values({
    name: 'payment_complete',
    adId: order.adId,
    userId: null,
    siteId: order.siteId,
    data: { product: order.product, option: order.optionId, orderId: order.id },
  });
}
