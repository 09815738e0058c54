import { z } from 'zod';
import { durationIds } from '../ad-options.js';
import { paymentMessages } from '../messages.js';
import { paymentProducts } from '../prices.js';
import { textSchema } from './common.js';

export const paymentStatuses = ['pending', 'assigned', 'processing', 'complete'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** GET /payment/address/BTC/{postId}/{product}/{optionId}. */
export const paymentAddressSchema = z.object({
  address: z.string(),
  amountFiat: z.string(),
  amountCrypto: z.string(),
  fiat: z.string(),
  crypto: z.literal('BTC'),
  status: z.enum(paymentStatuses),
  expiresAt: z.string(),
  uri: z.string(),
  /** Sats still missing while an order is underpaid. */
  missingCrypto: z.string().nullable(),
  explorerUrl: z.string().nullable(),
});
export type PaymentAddress = z.infer<typeof paymentAddressSchema>;

/** An order still open: the address answer, with the product and option it pays for. */
export const openPaymentOrderSchema = paymentAddressSchema.extend({
  product: z.enum(paymentProducts),
  optionId: z.enum(durationIds),
});
export type OpenPaymentOrder = z.infer<typeof openPaymentOrderSchema>;

/**
 * GET /payment/order/BTC/{postId}: the ad's newest order that is not complete and
 * whose address has not expired, or `{ order: null }`. The payment page reads it on
 * load, so a reload or a return shows the open address instead of offering a second one.
 */
export const openPaymentOrderResultSchema = z.object({
  order: openPaymentOrderSchema.nullable(),
});
export type OpenPaymentOrderResult = z.infer<typeof openPaymentOrderResultSchema>;

/** GET /payment/status/BTC/{postId}/{address}. */
export const paymentStatusSchema = z.object({
  status: z.enum(paymentStatuses),
  amountCrypto: z.string(),
  receivedCrypto: z.string(),
  missingCrypto: z.string().nullable(),
  expiresAt: z.string(),
});
export type PaymentStatusResult = z.infer<typeof paymentStatusSchema>;

/** The browser's POST of a status: only a request to check now (DECISIONS.md). */
export const paymentStatusHintSchema = z.object({
  status: textSchema({ trim: false }).max(32).optional(),
});

/** POST /api/refund/address: the payer's refund address, with the token of the mailed link. */
export const refundAddressBodySchema = z.object({
  token: textSchema({ error: paymentMessages.refundLinkInvalid })
    .min(16, { error: paymentMessages.refundLinkInvalid })
    .max(200, { error: paymentMessages.refundLinkInvalid }),
  address: textSchema({ error: paymentMessages.refundAddressInvalid })
    .min(14, { error: paymentMessages.refundAddressInvalid })
    .max(100, { error: paymentMessages.refundAddressInvalid }),
});
