import type { Db, Tx } from '../../db/database.js';
import type { Operator } from '../../domain/actor.js';
import { recordAudit } from '../moderation/audit-log.js';
import { applyChainReading, type ChainReading } from './check-order.js';
import type { OrderRow } from './order-presenter.js';
import { listOpenOrderIds, lockOrderForCheck } from './order-repository.js';
import type { PaymentDeps } from './payment-deps.js';
import { refundedSatsOf } from './refund-records.js';

/** What a check can change of an order: its status, its sums, the money it applied or owes back. */
export interface OrderMoney {
  status: OrderRow['status'];
  receivedSats: bigint;
  confirmedSats: bigint;
  appliedSats: bigint;
  /** On refunds paying back (asked for, ready or sent). */
  refundedSats: bigint;
}

export interface OrderRecheck {
  order: OrderRow;
  before: OrderMoney;
  after: OrderMoney;
  changed: boolean;
}

/** The orders a start of the server makes due (not complete, from the last week), oldest first. */
export async function listOrdersToRecheck(db: Db): Promise<string[]> {
  return listOpenOrderIds(db);
}

async function moneyOf(tx: Tx, order: OrderRow): Promise<OrderMoney> {
  return {
    status: order.status,
    receivedSats: order.receivedSats,
    confirmedSats: order.confirmedSats,
    appliedSats: order.appliedSats,
    refundedSats: await refundedSatsOf(tx, order.id),
  };
}

const moneyFields = [
  'status',
  'receivedSats',
  'confirmedSats',
  'appliedSats',
  'refundedSats',
] as const satisfies readonly (keyof OrderMoney)[];

function snapshot(money: OrderMoney): Record<string, string> {
  return Object.fromEntries(moneyFields.map((field) => [field, String(money[field])]));
}

/**
 * An operator's check of an order (the CLI's check-payments): the reading is applied
 * exactly as the watcher's or a payment page's (applyChainReading), and when it
 * changed the order (its status, its sums, money applied to the ad or put on a
 * refund) the change is audited as the operator's, in the same transaction. A check
 * that finds nothing new changes nothing, so it writes no entry.
 */
export async function applyOperatorRecheck(
  tx: Tx,
  deps: Pick<PaymentDeps, 'queue' | 'adChanges' | 'bitcoin'>,
  operator: Operator,
  reading: ChainReading,
): Promise<OrderRecheck | null> {
  // Locked first, so what it was is what this check changes (the lock is held on).
  const locked = await lockOrderForCheck(tx.db, reading.orderId, reading.readAt);
  if (!locked) return null;
  const before = await moneyOf(tx, locked.order);
  const order = await applyChainReading(tx, deps, reading);
  if (!order) return null;
  const after = await moneyOf(tx, order);
  const changed = moneyFields.some((field) => before[field] !== after[field]);
  if (changed) {
    await recordAudit(tx, operator, {
      action: 'order.recheck',
      targetType: 'order',
      targetId: order.id,
      before: snapshot(before),
      after: snapshot(after),
    });
  }
  return { order, before, after, changed };
}
