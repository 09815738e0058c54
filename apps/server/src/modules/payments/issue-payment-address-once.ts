import { adMessages } from '@adboard/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { paymentOrders } from '../../db/schema.js';
import { NotFoundError } from '../../domain/errors.js';
import {
  idempotentRequest,
  inTransaction,
  withIdempotency,
  type IdempotentAnswer,
} from '../idempotency/idempotency.js';
import type { AdContext } from '../ads/ad-deps.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { issuePaymentAddress } from './issue-payment-address.js';
import type { OrderRow } from './order-presenter.js';
import type { PaymentDeps } from './payment-deps.js';

const keptSchema = z.object({ orderId: z.string() });

/** A repeated request answers the order it issued (as it stands now), by its id. */
function orderAnswer(db: Db): IdempotentAnswer<OrderRow> {
  return {
    keep: (order) => ({ result: { orderId: order.id } }),
    answerAgain: async ({ result }) => {
      const { orderId } = keptSchema.parse(result);
      const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
      if (!order) throw new NotFoundError(adMessages.wizard.notFound);
      return order;
    },
  };
}

/**
 * GET /payment/address/... with an Idempotency-Key: the same key answers the same
 * order. The key is taken first in one transaction that the issuing also runs in,
 * so two requests with one key wait for each other and issue one order; a failure
 * frees the key. Without a key, the address is issued as before.
 */
export async function issuePaymentAddressOnce(
  deps: PaymentDeps,
  ctx: AdContext,
  params: { postId: string; product: string; optionId: string },
  key: string | null,
): Promise<OrderRow> {
  const request = idempotentRequest('payment-address', key, params);
  if (!request) return issuePaymentAddress(deps, ctx, params);
  return deps.database.transaction(async (tx) => {
    // A replay answers only those who may pay for the ad, as the first request did.
    await loadManagedAd(tx.db, ctx, params.postId, { action: 'pay' });
    const database = inTransaction(deps.database, tx);
    return withIdempotency(tx, request, orderAnswer(tx.db), () =>
      issuePaymentAddress({ ...deps, database }, ctx, params),
    );
  });
}
