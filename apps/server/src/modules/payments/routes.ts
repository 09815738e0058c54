import {
  adMessages,
  checkPaymentStatusEndpoint,
  openPaymentOrderEndpoint,
  paymentAddressEndpoint,
  paymentMessages,
  paymentReceiptsEndpoint,
  paymentStatusEndpoint,
  refundAddressEndpoint,
} from '@adboard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ChainSourceError } from '../../adapters/chain/chain-source.js';
import type { Db } from '../../db/database.js';
import { NotFoundError, RefusedError, ValidationError } from '../../domain/errors.js';
import { preparedRoute, route, type RouteChain } from '../../http/route.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-header.js';
import { adContext } from '../ads/ad-context.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { siteById } from '../sites/site-by-id.js';
import { applyChainReading, readOrderOnChain } from './check-order.js';
import { findOpenOrder, presentOpenOrder } from './find-open-order.js';
import { findOrderOfAd } from './order-repository.js';
import { issuePaymentAddressOnce, prepareAddressRequest } from './issue-payment-address-once.js';
import { presentAddress, presentStatus, type OrderRow } from './order-presenter.js';
import type { PaymentDeps } from './payment-deps.js';
import { readOrderStatus } from './read-order-status.js';
import { listReceipts } from './read-receipt.js';
import { giveRefundAddress } from './refunds.js';

/** GET and POST /payment/...: the order's address and its status, as the server knows it. */
export function paymentRoutes(
  app: FastifyInstance,
  deps: PaymentDeps & { routeChain: RouteChain },
) {
  async function orderOf(
    db: Db,
    request: FastifyRequest,
    params: { postId: string; address: string },
  ): Promise<OrderRow> {
    const ctx = await adContext(request);
    const ad = await loadManagedAd(db, ctx, params.postId);
    const order = await findOrderOfAd(db, ad.id, params.address);
    if (!order) throw new NotFoundError(adMessages.wizard.notFound);
    return order;
  }

  // A GET that writes: the quote (its rate is asked over HTTP) before the transaction.
  preparedRoute(
    app,
    deps.routeChain,
    paymentAddressEndpoint,
  )({
    prepare: async ({ db, params, request }) => {
      const ctx = await adContext(request);
      // The same Idempotency-Key answers the same order.
      const prepared = await prepareAddressRequest(
        db,
        deps,
        ctx,
        params,
        idempotencyKeyOf(request),
      );
      return { ctx, prepared };
    },
    write: async ({ tx, params }, { ctx, prepared }) => {
      const order = await issuePaymentAddressOnce(tx, deps, ctx, prepared);
      return presentAddress(order, `${siteById(order.siteId).name} ad ${params.postId}`);
    },
  });

  // The open order of the ad, so the payment page shows it again after a reload.
  route(app, deps.routeChain, openPaymentOrderEndpoint, async ({ db, params, request }) => {
    const adId = params.postId;
    const ctx = await adContext(request);
    const order = await findOpenOrder(db, ctx, adId);
    return {
      order: order && presentOpenOrder(order, `${siteById(order.siteId).name} ad ${adId}`),
    };
  });

  route(app, deps.routeChain, paymentStatusEndpoint, async ({ db, params, request }) => {
    const order = await readOrderStatus(db, {
      ...params,
      actor: request.actor,
      siteId: request.site.id,
    });
    return presentStatus(order);
  });

  // The receipts of the ad's paid orders: the 'Payment Complete' view shows them.
  route(app, deps.routeChain, paymentReceiptsEndpoint, async ({ db, params, request }) => {
    const ctx = await adContext(request);
    return { receipts: await listReceipts(db, ctx, params.postId) };
  });

  // The browser's status is only a hint to look now: nothing is marked paid because of it.
  // The chain is read before the transaction; what it shows is applied inside.
  preparedRoute(
    app,
    deps.routeChain,
    checkPaymentStatusEndpoint,
  )({
    prepare: async ({ db, params, request }) => {
      const order = await orderOf(db, request, params);
      try {
        return { order, reading: await readOrderOnChain(db, deps, order.id) };
      } catch (error) {
        // The chain did not answer: the status as the server knows it.
        if (error instanceof ChainSourceError) return { order, reading: null };
        throw error;
      }
    },
    write: async ({ tx }, { order, reading }) => {
      const checked = reading && (await applyChainReading(tx, deps, reading));
      return presentStatus(checked ?? order);
    },
  });
}

/** The refund link's form: the payer gives the address to send the refund to. */
export function refundRoutes(app: FastifyInstance, deps: PaymentDeps & { routeChain: RouteChain }) {
  route(app, deps.routeChain, refundAddressEndpoint, async ({ tx, body }) => {
    const outcome = await giveRefundAddress(tx, deps, { ...body, network: deps.bitcoin.network });
    if (outcome === 'invalid_address') {
      throw new ValidationError(paymentMessages.refundAddressInvalid, {
        address: paymentMessages.refundAddressInvalid,
      });
    }
    if (outcome === 'unknown') throw new RefusedError(paymentMessages.refundLinkInvalid);
    return { success: true };
  });
}
