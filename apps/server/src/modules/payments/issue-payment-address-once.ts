import { adMessages } from '@adboard/shared';
import { z } from 'zod';
import type { Db, Tx } from '../../db/database.js';
import { NotFoundError } from '../../domain/errors.js';
import {
  idempotentRequest,
  withIdempotency,
  type IdempotencyRequest,
  type IdempotentAnswer,
} from '../idempotency/idempotency.js';
import type { AdContext } from '../ads/ad-deps.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import {
  issuePaymentAddress,
  quotePaymentAddress,
  type PaymentQuote,
} from './issue-payment-address.js';
import type { OrderRow } from './order-presenter.js';
import { findOrderById } from './order-repository.js';
import type { PaymentDeps } from './payment-deps.js';

type AddressParams = { postId: string; product: string; optionId: string };

const keptSchema = z.object({ orderId: z.string() });

/** A repeated request answers the order it issued (as it stands now), by its id. */
function orderAnswer(db: Db): IdempotentAnswer<OrderRow> {
  return {
    keep: (order) => ({ result: { orderId: order.id } }),
    answerAgain: async ({ result }) => {
      const { orderId } = keptSchema.parse(result);
      const order = await findOrderById(db, orderId);
      if (!order) throw new NotFoundError(adMessages.wizard.notFound);
      return order;
    },
  };
}

/** A request for an address, prepared outside the transaction. */
export interface PreparedAddressRequest {
  params: AddressParams;
  request: IdempotencyRequest | null;
  /** The quote, or the error that refused it (thrown unless the key answers a replay). */
  quote: () => PaymentQuote;
}

/**
 * The first step of GET /payment/address/..., before the transaction: the quote
 * (its rate is asked over HTTP). With an Idempotency-Key the request may be a
 * replay, which answers the order the first request issued even when no new
 * one could be quoted now: a refusal then waits until the key is claimed.
 */
export async function prepareAddressRequest(
  db: Db,
  deps: Pick<PaymentDeps, 'rates'>,
  ctx: AdContext,
  params: AddressParams,
  key: string | null,
): Promise<PreparedAddressRequest> {
  const request = idempotentRequest('payment-address', key, params);
  const quote = await quotePaymentAddress(db, deps, ctx, params).then(
    (quoted) => () => quoted,
    (error: unknown) => {
      if (!request) throw error;
      return () => {
        throw error;
      };
    },
  );
  return { params, request, quote };
}

/**
 * The second step, in the route's transaction: the same key answers the same
 * order. The key is taken first in the transaction the issuing also runs in, so
 * two requests with one key wait for each other and issue one order; a failure
 * frees the key. Without a key, the address is issued as before.
 */
export async function issuePaymentAddressOnce(
  tx: Tx,
  deps: Pick<PaymentDeps, 'bitcoin'>,
  ctx: AdContext,
  prepared: PreparedAddressRequest,
): Promise<OrderRow> {
  const { request, params } = prepared;
  if (!request) return issuePaymentAddress(tx, deps, prepared.quote());
  // A replay answers only those who may pay for the ad, as the first request did.
  await loadManagedAd(tx.db, ctx, params.postId, { action: 'pay' });
  return withIdempotency(tx, request, orderAnswer(tx.db), () =>
    issuePaymentAddress(tx, deps, prepared.quote()),
  );
}
