import { ConflictError } from '../../domain/errors.js';
import { applyAdEvent, loadAdFacts } from '../ad-lifecycle/apply-ad-event.js';
import { allows } from '../ad-lifecycle/transitions.js';
import { refundedSatsOf, refundUnaccounted } from './refund-records.js';
import type { Db, Tx } from '../../db/database.js';
import { evaluateOrder, type SeenOutput } from './evaluate-order.js';
import type { OrderRow } from './order-presenter.js';
import {
  findOrderAddress,
  insertOrderHistory,
  insertPaymentCompleteEvent,
  listLiveOutputs,
  lockOrderForCheck,
  markOutputGone,
  updateCheckedOrder,
  upsertPaymentOutput,
} from './order-repository.js';
import type { PaymentDeps } from './payment-deps.js';
import { mailReceipt } from './receipt-mail.js';
import { nextCheckDelayMs } from './watch-schedule.js';

/** A completed order is still looked at now and then, so a reorganisation is noticed. */
const COMPLETE_RECHECK_MIN_MS = 10 * 60_000;

/** What the chain showed for an order's address, and when (the database's clock, as text). */
export interface ChainReading {
  orderId: string;
  readAt: string;
  outputs: SeenOutput[];
  tipHeight: number;
}

/**
 * Reads what pays the order's address, outside any transaction (it asks the
 * chain); null when there is no such order. Chain errors are thrown here, before
 * anything is written.
 *
 * `tipHeight`, when given, must have been read before this call (the watcher
 * reads it once per batch): a block found since then only counts at the next
 * check. Without it the tip is read after the address history.
 */
export async function readOrderOnChain(
  db: Db,
  deps: Pick<PaymentDeps, 'chain'>,
  orderId: string,
  options: { tipHeight?: number } = {},
): Promise<ChainReading | null> {
  // When this check reads the chain.
  const peek = await findOrderAddress(db, orderId);
  if (!peek) return null;
  const outputs = await deps.chain.addressOutputs(peek.address);
  const tipHeight = options.tipHeight ?? (await deps.chain.tipHeight());
  return { orderId, readAt: peek.readAt, outputs, tipHeight };
}

/**
 * Applies a reading of the chain to its order: outputs are stored per outpoint
 * (so the same payment seen twice, or by two workers, counts once), outputs no
 * longer reported are marked gone, and the status follows the sum. A reading
 * older than one already applied changes nothing.
 */
export async function applyChainReading(
  tx: Tx,
  deps: Pick<PaymentDeps, 'queue' | 'adChanges' | 'bitcoin'>,
  reading: ChainReading,
): Promise<OrderRow | null> {
  const { readAt, outputs } = reading;
  const locked = await lockOrderForCheck(tx.db, reading.orderId, readAt);
  if (!locked) return null;
  const order = locked.order;
  // A check that read the chain after this one has already been applied: this view
  // is older (it may not show a payment the other saw), so it changes nothing.
  if (locked.newer) return order;
  for (const output of outputs) await upsertPaymentOutput(tx.db, order.id, output);
  const seen = new Set(outputs.map((o) => `${o.txid}:${o.vout}`));
  const stored = await listLiveOutputs(tx.db, order.id);
  const live = [];
  for (const row of stored) {
    if (seen.has(`${row.txid}:${row.vout}`)) {
      live.push(row);
    } else {
      // Replaced or dropped from the chain: it no longer pays anything.
      await markOutputGone(tx.db, row.txid, row.vout);
    }
  }
  const seenNow = evaluateOrder(
    live,
    order.amountSats,
    reading.tipHeight,
    deps.bitcoin.confirmations,
  );
  // A completed order stays complete: its money was applied (or went on a refund
  // record), so it is never payable again. A chain that no longer shows that money
  // (a reorganisation, a wiped fake chain) changes its sums, which the money check
  // of docs/operations.md then lists for the operator, and is recorded in the history.
  const state = order.completedAt === null ? seenNow : { ...seenNow, status: 'complete' as const };
  const now = new Date();
  if (
    state.status !== order.status ||
    (order.completedAt !== null && state.confirmedSats !== order.confirmedSats)
  ) {
    await insertOrderHistory(tx.db, {
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
  const updated = await updateCheckedOrder(tx.db, order.id, readAt, {
    status: state.status,
    receivedSats: state.receivedSats,
    confirmedSats: state.confirmedSats,
    ...(completesNow ? { completedAt: now, appliedSats } : {}),
    checkFailures: 0,
    nextCheckAt: nextDelay === null ? null : new Date(now.getTime() + nextDelay),
    updatedAt: now,
  });
  // Paid: the receipt is mailed in the transaction that makes it so, once.
  if (completesNow && appliedSats > 0n) await mailReceipt(tx, deps.queue, order.id);
  return updated ?? null;
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
  deps: Pick<PaymentDeps, 'queue' | 'adChanges'>,
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
  await insertPaymentCompleteEvent(tx.db, order);
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
