import { cliCheckPaymentsInputSchema, cliPaymentMessages as m } from '@adboard/shared';
import { ChainSourceError } from '../../adapters/chain/chain-source.js';
import { paymentDepsOf } from '../../composition.js';
import type { Operator } from '../../domain/actor.js';
import { readOrderOnChain } from '../../modules/payments/check-order.js';
import type { PaymentDeps } from '../../modules/payments/payment-deps.js';
import {
  applyOperatorRecheck,
  listOrdersToRecheck,
  type OrderRecheck,
} from '../../modules/payments/recheck-order.js';
import { CliRefusal, defineCommand } from '../command.js';

/**
 * One order checked as a payment page's check-now does it: the chain read outside,
 * what it shows applied in a transaction of its own. Null: no such order. A chain
 * that does not answer is a refusal that names the order; nothing was written.
 */
async function recheck(
  deps: PaymentDeps,
  operator: Operator,
  orderId: string,
): Promise<OrderRecheck | null> {
  let reading;
  try {
    reading = await readOrderOnChain(deps.database.db, deps, orderId);
  } catch (error) {
    if (error instanceof ChainSourceError)
      throw new CliRefusal(m.chainFailed(orderId, error.message));
    throw error;
  }
  if (!reading) return null;
  return deps.database.transaction((tx) => applyOperatorRecheck(tx, deps, operator, reading));
}

function lineOf(checked: OrderRecheck): string {
  const { before, after } = checked;
  const grew = (from: bigint, to: bigint) => (to > from ? (to - from).toString() : null);
  return m.checked({
    id: checked.order.id,
    adId: String(checked.order.adId),
    from: before.status,
    to: after.status,
    changed: checked.changed,
    seenSats: after.receivedSats.toString(),
    confirmedSats: after.confirmedSats.toString(),
    askedSats: checked.order.amountSats.toString(),
    appliedSats: grew(before.appliedSats, after.appliedSats),
    refundedSats: grew(before.refundedSats, after.refundedSats),
  });
}

/** `check-payments`: the payment watcher's check, now, for one order or every open one. */
export const checkPaymentsCommand = defineCommand({
  name: 'check-payments',
  summary: m.checkPaymentsSummary,
  usage: '--order <order id> | --all',
  options: {
    order: { type: 'string', value: '<order id>', description: m.orderOption },
    all: { type: 'boolean', description: m.allOption },
  },
  input: cliCheckPaymentsInputSchema,
  async run(context, input) {
    const deps = paymentDepsOf(await context.session.services());
    if (input.order !== undefined) {
      const checked = await recheck(deps, context.operator, input.order);
      if (!checked) throw new CliRefusal(m.noSuchOrder(input.order));
      context.io.out(lineOf(checked));
      return;
    }
    const ids = await listOrdersToRecheck(deps.database.db);
    if (ids.length === 0) {
      context.io.out(m.noOpenOrders);
      return;
    }
    let failed = 0;
    for (const id of ids) {
      try {
        const checked = await recheck(deps, context.operator, id);
        if (checked) context.io.out(lineOf(checked));
      } catch (error) {
        // One order the chain did not answer for: said, and the others still checked.
        if (!(error instanceof CliRefusal)) throw error;
        context.io.err(error.message);
        failed += 1;
      }
    }
    if (failed > 0) throw new CliRefusal(m.someFailed(failed, ids.length));
  },
});
