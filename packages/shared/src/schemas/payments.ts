import { z } from 'zod';

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
export const paymentStatusHintSchema = z.object({ status: z.string().max(32).optional() });

/** POST /api/refund/address: the payer's refund address, with the token of the mailed link. */
export const refundAddressBodySchema = z.object({
  token: z.string().trim().min(16).max(200),
  address: z.string().trim().min(14).max(100),
});
