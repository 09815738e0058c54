import { and, eq, isNull, sql } from 'drizzle-orm';
import { ConflictError } from '../../domain/errors.js';
import { applyAdEvent, loadAdFacts } from '../ad-lifecycle/apply-ad-event.js';
import { allows } from '../ad-lifecycle/transitions.js';
import { refundedSatsOf, refundUnaccounted } from './refund-records.js';
import type { Tx } from '../../db/database.js';
import {
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
    const appliedSats = completesNow
      ? await applyCompletion(tx, deps, order, state.confirmedSats)
      : order.appliedSats;
    const delay = nextCheckDelayMs(order.createdAt, now);
    const confirmed = { ...order, confirmedSats: state.confirmedSats };
    if (!completesNow && order.completedAt !== null) {
      // A second payment to a completed order's address: never lost.
      await refundUnaccounted(tx, deps.queue, confirmed, 'excess');
    } else if (!completesNow && state.confirmedSats > 0n) {
      // Underpaid: the money waits for the rest while the ad can still take it, and
      // goes back once it cannot, or when the order stops being watched.
      if (!(await adTakes(tx, order))) {
        await refundUnaccounted(tx, deps.queue, confirmed, 'not_payable');
      } else if (delay === null) {
        await refundUnaccounted(tx, deps.queue, confirmed, 'underpaid');
      }
    }
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
        ...(completesNow ? { completedAt: now, appliedSats } : {}),
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
 * What a completed order does, once: the lifecycle table's 'payment_arrives'
 * applies it to its ad (VIP or premium days, held until the ad is public), and
 * the confirmed money counts as applied. When the ad is no longer payable
 * (rejected, deleted, its owner banned), or part of the order's money already
 * went back (it was underpaid too long), nothing is extended: the money goes on
 * a refund record and the payer is mailed for an address.
 */
async function applyCompletion(
  tx: Tx,
  deps: PaymentDeps,
  order: OrderRow,
  confirmedSats: bigint,
): Promise<bigint> {
  const confirmed = { ...order, confirmedSats };
  if ((await refundedSatsOf(tx, order.id)) > 0n) {
    const reason = (await adTakes(tx, order)) ? 'underpaid' : 'not_payable';
    await refundUnaccounted(tx, deps.queue, confirmed, reason);
    return 0n;
  }
  try {
    await applyAdEvent(tx, deps, order.adId, paymentArrives(order));
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    await refundUnaccounted(tx, deps.queue, confirmed, 'not_payable');
    return 0n;
  }
  await tx.db.insert(analyticsEvents).values({
    name: 'payment_complete',
    adId: order.adId,
    userId: null,
    siteId: order.siteId,
    data: { product: order.product, option: order.optionId, orderId: order.id },
  });
  return confirmedSats;
}

const paymentArrives = (order: OrderRow) =>
  ({
    type: 'payment_arrives',
    product: order.product,
    days: order.days,
    optionId: order.optionId,
  }) as const;

/** Whether the order's ad may still take its money (the lifecycle table answers). */
async function adTakes(tx: Tx, order: OrderRow): Promise<boolean> {
  const loaded = await loadAdFacts(tx.db, order.adId);
  return loaded !== null && allows(loaded.facts, paymentArrives(order));
}
