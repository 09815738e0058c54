import { z } from 'zod';
import type { RefundReason } from '../ad-options.js';
import { markRefundSentBodySchema } from '../schemas/admin.js';
import { cliIdSchema } from './cli-messages.js';

/** How many refunds `refunds` lists at most (the oldest first); a line says how many more. */
export const cliRefundsShown = 500;

/** A refund due, as `refunds` prints it: amounts as texts, the time as ISO 8601. */
export interface CliRefundLine {
  id: string;
  btc: string;
  sats: string;
  /** Null while the payer has not given one. */
  address: string | null;
  adId: string;
  orderId: string;
  since: string;
  reason: RefundReason;
}

const refundReasonTexts = {
  rejected: 'the ad was rejected and the payer asked for the money back',
  not_payable: 'the ad could no longer take the payment',
  excess: 'paid more than the order asked, or paid it again',
  deleted: 'the ad was deleted before its paid time started',
  underpaid: 'underpaid, and the rest never came',
} as const satisfies Record<RefundReason, string>;

/** `refunds` and `refund-sent`: the money an operator sends back from the wallet. */
export const cliRefundMessages = {
  refundsSummary: 'list the refunds due (not yet sent), oldest first: how much, where to, why',
  refundSentSummary: 'record that a refund was sent from the wallet, with its transaction id',
  idOption: 'the id of the refund, as "refunds" lists it',
  txidOption: 'the id of the transaction that paid it (64 hexadecimal characters)',
  none: 'no refunds are due',
  noAddressYet: 'no address yet: the payer was mailed a link to give one; wait for it',
  refundReasons: refundReasonTexts,
  refundLine: (r: CliRefundLine) =>
    `${r.id}  ${r.btc} BTC (${r.sats} sats)  to ${r.address ?? cliRefundMessages.noAddressYet}` +
    `  ad ${r.adId}, order ${r.orderId}  since ${r.since}  why: ${refundReasonTexts[r.reason]}`,
  more: (shown: number, total: number) =>
    `… and ${total - shown} more: the oldest ${shown} are listed; send these first`,
  noSuchRefund: (id: string) => `no refund has the id ${id}`,
  sent: (r: { id: string; btc: string; sats: string; address: string; txid: string }) =>
    `refund ${r.id} of ${r.btc} BTC (${r.sats} sats) to ${r.address} recorded as sent in transaction ${r.txid}`,
} as const;

export const cliRefundsInputSchema = z.object({});

export const cliRefundSentInputSchema = z.object({
  id: cliIdSchema,
  txid: markRefundSentBodySchema.shape.txid,
});
export type CliRefundSentInput = z.infer<typeof cliRefundSentInputSchema>;

/** One order as `check-payments` found it; sats as texts. */
export interface CliCheckedOrder {
  id: string;
  adId: string;
  from: string;
  to: string;
  /** Whether the check changed anything of the order (its status, sums, applied money, refunds). */
  changed: boolean;
  seenSats: string;
  confirmedSats: string;
  askedSats: string;
  /** Sats this check applied to the ad (the order was paid now); null for none. */
  appliedSats: string | null;
  /** Sats this check put on a refund record; null for none. */
  refundedSats: string | null;
}

/** `check-payments`: an order checked against the chain now, as the payment watcher does. */
export const cliPaymentMessages = {
  checkPaymentsSummary:
    'check payment orders against the chain now, as the payment watcher does, and apply what it shows',
  orderOption: 'the id of one payment order (any status)',
  allOption: 'every open order: not complete, from the last 7 days',
  orderOrAll: 'give either --order <id> or --all',
  noSuchOrder: (id: string) => `no payment order has the id ${id}`,
  noOpenOrders: 'no open payment orders to check',
  checked: (o: CliCheckedOrder) =>
    `order ${o.id} (ad ${o.adId}): ${o.from === o.to ? o.to : `${o.from} → ${o.to}`}` +
    `${o.changed ? '' : ', nothing new'}; seen ${o.seenSats} sats, confirmed ${o.confirmedSats}` +
    ` of ${o.askedSats} asked` +
    (o.appliedSats === null ? '' : `; paid: ${o.appliedSats} sats applied to the ad`) +
    (o.refundedSats === null ? '' : `; ${o.refundedSats} sats put on a refund (see "refunds")`),
  chainFailed: (id: string, problem: string) =>
    `order ${id} could not be checked: the chain did not answer (${problem})`,
  someFailed: (failed: number, total: number) =>
    `${failed} of ${total} orders could not be checked; the payment watcher tries them again, or run this again later`,
} as const;

export const cliCheckPaymentsInputSchema = z
  .object({ order: cliIdSchema.optional(), all: z.boolean().optional() })
  .refine((input) => (input.order !== undefined) !== (input.all === true), {
    error: cliPaymentMessages.orderOrAll,
  });
export type CliCheckPaymentsInput = z.infer<typeof cliCheckPaymentsInputSchema>;
