import {
  adMessages,
  checkPaymentStatusEndpoint,
  openPaymentOrderEndpoint,
  paymentAddressEndpoint,
  paymentMessages,
  paymentStatusEndpoint,
  refundAddressEndpoint,
} from '@adboard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ChainSourceError } from '../../adapters/chain/chain-source.js';
import { NotFoundError, RefusedError, ValidationError } from '../../domain/errors.js';
import { route, type RouteChain } from '../../http/route.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-header.js';
import { adContext } from '../ads/ad-context.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { siteById } from '../sites/site-by-id.js';
import { checkOrder } from './check-order.js';
import { findOpenOrder, presentOpenOrder } from './find-open-order.js';
import { findOrderOfAd } from './order-repository.js';
import { issuePaymentAddressOnce } from './issue-payment-address-once.js';
import { presentAddress, presentStatus, type OrderRow } from './order-presenter.js';
import type { PaymentDeps } from './payment-deps.js';
import { readOrderStatus } from './read-order-status.js';
import { giveRefundAddress } from './refunds.js';

/** GET and POST /payment/...: the order's address and its status, as the server knows it. */
export function paymentRoutes(
  app: FastifyInstance,
  deps: PaymentDeps & { routeChain: RouteChain },
) {
  const db = deps.database.db;

  async function orderOf(
    request: FastifyRequest,
    params: { postId: string; address: string },
  ): Promise<OrderRow> {
    const ctx = await adContext(request);
    const ad = await loadManagedAd(db, ctx, params.postId);
    const order = await findOrderOfAd(db, ad.id, params.address);
    if (!order) throw new NotFoundError(adMessages.wizard.notFound);
    return order;
  }

  route(app, deps.routeChain, paymentAddressEndpoint, async ({ params, request }) => {
    const ctx = await adContext(request);
    // The same Idempotency-Key answers the same order.
    const order = await issuePaymentAddressOnce(deps, ctx, params, idempotencyKeyOf(request));
    return presentAddress(order, `${siteById(order.siteId).name} ad ${params.postId}`);
  });

  // The open order of the ad, so the payment page shows it again after a reload.
  route(app, deps.routeChain, openPaymentOrderEndpoint, async ({ params, request }) => {
    const adId = params.postId;
    const ctx = await adContext(request);
    const order = await findOpenOrder(db, ctx, adId);
    return {
      order: order && presentOpenOrder(order, `${siteById(order.siteId).name} ad ${adId}`),
    };
  });

  route(app, deps.routeChain, paymentStatusEndpoint, async ({ params, request }) => {
    const order = await readOrderStatus(deps.database.pool, {
      ...params,
      actor: request.actor,
      siteId: request.site.id,
    });
    return presentStatus(order);
  });

  // The browser's status is only a hint to look now: nothing is marked paid because of it.
  route(app, deps.routeChain, checkPaymentStatusEndpoint, async ({ params, request }) => {
    const order = await orderOf(request, params);
    try {
      const checked = await checkOrder(deps, order.id);
      return presentStatus(checked ?? order);
    } catch (error) {
      if (error instanceof ChainSourceError) return presentStatus(order);
      throw error;
    }
  });
}

/** The refund link's form: the payer gives the address to send the refund to. */
export function refundRoutes(app: FastifyInstance, deps: PaymentDeps & { routeChain: RouteChain }) {
  route(app, deps.routeChain, refundAddressEndpoint, async ({ body }) => {
    const outcome = await deps.database.transaction((tx) =>
      giveRefundAddress(tx, deps, { ...body, network: deps.bitcoin.network }),
    );
    if (outcome === 'invalid_address') {
      throw new ValidationError(paymentMessages.refundAddressInvalid, {
        address: paymentMessages.refundAddressInvalid,
      });
    }
    if (outcome === 'unknown') throw new RefusedError(paymentMessages.refundLinkInvalid);
    return { success: true };
  });
}
