import { z } from 'zod';
import { adIdSchema } from '../../schemas/ads.js';
import {
  openPaymentOrderResultSchema,
  paymentAddressSchema,
  paymentReceiptsResultSchema,
  paymentStatusHintSchema,
  paymentStatusSchema,
  refundAddressBodySchema,
} from '../../schemas/payments.js';
import { endpoint } from '../endpoint.js';
import { doneSchema, textSchema } from '../../schemas/common.js';

const tag = 'Payments';
const orderParams = z.object({ postId: adIdSchema });
const addressParams = orderParams.extend({
  product: textSchema({ trim: false }).max(16),
  optionId: textSchema({ trim: false }).max(16),
});
const statusParams = orderParams.extend({
  address: z.string().regex(/^[a-z0-9]{14,90}$/i),
});

/** A GET that writes: the first call for an ad, product and option issues the order. */
export const paymentAddressEndpoint = endpoint({
  method: 'GET',
  path: '/payment/address/BTC/{postId}/{product}/{optionId}',
  summary: 'Issues the Bitcoin address and amount that pay for the product and option.',
  tag,
  access: 'ad',
  changesAds: true,
  rateLimit: { action: 'adEdit' },
  idempotent: true,
  writes: true,
  params: addressParams,
  responses: { 200: paymentAddressSchema },
  errors: ['refused', 'not_found', 'forbidden', 'conflict', 'rate_limited'],
});

export const openPaymentOrderEndpoint = endpoint({
  method: 'GET',
  path: '/payment/order/BTC/{postId}',
  summary: "The ad's open order, so the payment page shows it again after a reload.",
  tag,
  access: 'ad',
  rateLimit: { action: 'adEdit' },
  params: orderParams,
  responses: { 200: openPaymentOrderResultSchema },
  errors: ['not_found', 'forbidden', 'rate_limited'],
});

export const paymentStatusEndpoint = endpoint({
  method: 'GET',
  path: '/payment/status/BTC/{postId}/{address}',
  summary: "The order's status as the server knows it (the payment page polls it).",
  tag,
  access: 'ad',
  rateLimit: { action: 'adEdit' },
  params: statusParams,
  responses: { 200: paymentStatusSchema },
  errors: ['not_found', 'forbidden', 'rate_limited'],
});

/** The browser's status is only a hint to look now: nothing is marked paid because of it. */
export const checkPaymentStatusEndpoint = endpoint({
  method: 'POST',
  path: '/payment/status/BTC/{postId}/{address}',
  summary: 'Checks the order on the chain now and answers its status.',
  tag,
  access: 'ad',
  // Per client address and per order: a chain check costs a request to the chain.
  rateLimit: { action: 'paymentCheck', account: 'path-order' },
  params: statusParams,
  body: paymentStatusHintSchema,
  responses: { 200: paymentStatusSchema },
  errors: ['not_found', 'forbidden', 'rate_limited'],
});

/**
 * The receipts of the ad's paid orders, newest first (the 'Payment Complete' view
 * shows the one just paid; the same data is mailed when an order is paid).
 */
export const paymentReceiptsEndpoint = endpoint({
  method: 'GET',
  path: '/payment/receipts/BTC/{postId}',
  summary: "The receipts of the ad's paid orders, newest first.",
  tag,
  access: 'ad',
  rateLimit: { action: 'adEdit' },
  params: orderParams,
  responses: { 200: paymentReceiptsResultSchema },
  errors: ['not_found', 'forbidden', 'rate_limited'],
});

/** The refund link's form: the payer gives the address to send the refund to. */
export const refundAddressEndpoint = endpoint({
  method: 'POST',
  path: '/api/refund/address',
  summary: 'Takes the address a refund goes to, with the token of the mailed link.',
  tag,
  access: 'anyone',
  rateLimit: { action: 'refundAddress' },
  body: refundAddressBodySchema,
  responses: { 200: doneSchema },
  errors: ['validation', 'refused', 'conflict', 'rate_limited'],
});
