import { z } from 'zod';
import { durationIds } from '../ad-options.js';
import { paymentMessages } from '../i18n/catalogues/payments/index.js';
import { tagsOf } from '../i18n/said.js';

const paymentTags = tagsOf(paymentMessages);
import { paymentProducts } from '../prices.js';
import { textSchema } from './common.js';

/** SPEC.md section 9: the payment page reads an open order's status every 15 s. */
export const paymentPollMs = 15_000;

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

/**
 * The receipt of a paid order (GET /payment/receipts/BTC/{postId}, and the mail the
 * advertiser gets when the order is paid): what was bought, the price in the site's
 * fiat currency, the amount asked in BTC at the rate of the order, what the chain
 * paid (the transactions) and when the order was paid. Amounts are texts as the
 * server formats them (BTC with 8 decimals, fiat with 2).
 */
export const paymentReceiptSchema = z.object({
  orderId: z.string(),
  adId: z.string(),
  adTitle: z.string(),
  product: z.enum(paymentProducts),
  optionId: z.enum(durationIds),
  days: z.number().int(),
  /** The site's fiat currency, e.g. 'USD'. */
  currency: z.string(),
  /** The price in fiat, e.g. '14.00'. */
  priceFiat: z.string(),
  /** The amount the order asked for, in BTC: the price at the rate. */
  amountCrypto: z.string(),
  /** Fiat per BTC, locked when the address was issued. */
  rate: z.string(),
  rateAt: z.string(),
  /** Confirmed BTC that paid the order, and its fiat value at the same rate. */
  paidCrypto: z.string(),
  paidFiat: z.string(),
  address: z.string(),
  /** The transactions that paid it, by id. */
  txids: z.array(z.string()),
  paidAt: z.string(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

/** The ad's receipts, newest first. */
export const paymentReceiptsResultSchema = z.object({
  receipts: z.array(paymentReceiptSchema),
});
export type PaymentReceiptsResult = z.infer<typeof paymentReceiptsResultSchema>;

/** The browser's POST of a status: only a request to check now (DECISIONS.md). */
export const paymentStatusHintSchema = z.object({
  status: textSchema({ trim: false }).max(32).optional(),
});

/** POST /api/refund/address: the payer's refund address, with the token of the mailed link. */
export const refundAddressBodySchema = z.object({
  token: textSchema({ error: paymentTags.refundLinkInvalid })
    .min(16, { error: paymentTags.refundLinkInvalid })
    .max(200, { error: paymentTags.refundLinkInvalid }),
  address: textSchema({ error: paymentTags.refundAddressInvalid })
    .min(14, { error: paymentTags.refundAddressInvalid })
    .max(100, { error: paymentTags.refundAddressInvalid }),
});
