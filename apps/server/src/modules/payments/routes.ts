import {
  adMessages,
  paymentMessages,
  paymentStatusHintSchema,
  adIdSchema,
  refundAddressBodySchema,
  type OpenPaymentOrderResult,
  type PaymentAddress,
} from '@adboard/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ChainSourceError } from '../../adapters/chain/chain-source.js';
import { paymentOrders } from '../../db/schema.js';
import { NotFoundError, RefusedError, ValidationError } from '../../domain/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-header.js';
import { adContext } from '../ads/ad-context.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { siteById } from '../sites/site-by-id.js';
import { checkOrder } from './check-order.js';
import { findOpenOrder, presentOpenOrder } from './find-open-order.js';
import { issuePaymentAddressOnce } from './issue-payment-address-once.js';
import { presentAddress, presentStatus, type OrderRow } from './order-presenter.js';
import type { PaymentDeps } from './payment-deps.js';
import { readOrderStatus } from './read-order-status.js';
import { giveRefundAddress } from './refunds.js';

const addressParams = z.object({
  postId: adIdSchema,
  product: z.string().max(16),
  optionId: z.string().max(16),
});
const orderParams = z.object({ postId: adIdSchema });
const statusParams = z.object({
  postId: adIdSchema,
  address: z.string().regex(/^[a-z0-9]{14,90}$/i),
});

/** GET and POST /payment/...: the order's address and its status, as the server knows it. */
export function paymentRoutes(app: FastifyInstance, deps: PaymentDeps & { limiter: RateLimiter }) {
  const db = deps.database.db;

  async function orderOf(request: FastifyRequest): Promise<OrderRow> {
    const params = parseInput(statusParams, request.params);
    const ctx = await adContext(request);
    const ad = await loadManagedAd(db, ctx, params.postId);
    const [order] = await db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.adId, ad.id), eq(paymentOrders.address, params.address)));
    if (!order) throw new NotFoundError(adMessages.wizard.notFound);
    return order;
  }

  app.get(
    '/payment/address/BTC/:postId/:product/:optionId',
    async (request): Promise<PaymentAddress> => {
      await deps.limiter.consume('adEdit', request.ip, null);
      const params = parseInput(addressParams, request.params);
      const ctx = await adContext(request);
      // The same Idempotency-Key answers the same order.
      const order = await issuePaymentAddressOnce(deps, ctx, params, idempotencyKeyOf(request));
      return presentAddress(order, `${siteById(order.siteId).name} ad ${params.postId}`);
    },
  );

  // The open order of the ad, so the payment page shows it again after a reload.
  app.get('/payment/order/BTC/:postId', async (request): Promise<OpenPaymentOrderResult> => {
    await deps.limiter.consume('adEdit', request.ip, null);
    const { postId: adId } = parseInput(orderParams, request.params);
    const ctx = await adContext(request);
    const order = await findOpenOrder(db, ctx, adId);
    return {
      order: order && presentOpenOrder(order, `${siteById(order.siteId).name} ad ${adId}`),
    };
  });

  app.get('/payment/status/BTC/:postId/:address', async (request) => {
    await deps.limiter.consume('adEdit', request.ip, null);
    const params = parseInput(statusParams, request.params);
    const order = await readOrderStatus(deps.database.pool, {
      ...params,
      actor: request.actor,
      siteId: request.site.id,
    });
    return presentStatus(order);
  });

  // The browser's status is only a hint to look now: nothing is marked paid because of it.
  app.post('/payment/status/BTC/:postId/:address', async (request) => {
    await deps.limiter.consume('paymentCheck', request.ip, null);
    parseInput(paymentStatusHintSchema, request.body ?? {});
    const order = await orderOf(request);
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
export function refundRoutes(app: FastifyInstance, deps: PaymentDeps & { limiter: RateLimiter }) {
  app.post('/api/refund/address', async (request) => {
    await deps.limiter.consume('refundAddress', request.ip, null);
    const body = parseInput(refundAddressBodySchema, request.body);
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
