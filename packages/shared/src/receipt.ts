import { formatFiat } from './money.js';
import { durationLabels } from './prices.js';
import type { PaymentReceipt } from './schemas/payments.js';

/** The texts of a payment receipt, on screen and in its mail. */
export const receiptMessages = {
  heading: 'Receipt',
  /** Who issued it, under the heading (the mail carries the brand's frame instead). */
  issuer: (site: string, contact: string) => `${site} · ${contact}`,
  print: 'Print receipt',
  loadFailed: 'The receipt could not be loaded. It is also in the mail we sent you.',
  labels: {
    order: 'Order',
    ad: 'Ad',
    bought: 'Bought',
    price: 'Price',
    amount: 'Amount',
    rate: 'Exchange rate',
    paid: 'Received',
    transactions: 'Transaction',
    paidAt: 'Paid on',
  },
  mail: {
    subject: (adId: string) => `Receipt for your payment for ad #${adId}`,
    intro: (adId: string, site: string) =>
      `Thank you for your payment for ad #${adId} on ${site}. This is your receipt; please keep it.`,
  },
} as const;

/** 'VIP, 30 days' or 'Premium (featured), 4 days'. */
function boughtText(receipt: Pick<PaymentReceipt, 'product' | 'optionId'>): string {
  const duration = durationLabels[receipt.optionId];
  return receipt.product === 'paid' ? `VIP, ${duration}` : `Premium (featured), ${duration}`;
}

export interface ReceiptFact {
  label: string;
  value: string;
}

/**
 * The lines of a receipt, in order, as the 'Payment Complete' view and the mail both
 * show them. `when` writes a time (the view in the reader's zone, the mail in UTC).
 */
export function receiptFacts(
  receipt: PaymentReceipt,
  when: (iso: string) => string,
): ReceiptFact[] {
  const { labels } = receiptMessages;
  const fiat = (amount: string) => formatFiat(amount, receipt.currency);
  return [
    { label: labels.order, value: receipt.orderId },
    { label: labels.ad, value: `#${receipt.adId} ${receipt.adTitle}` },
    { label: labels.bought, value: boughtText(receipt) },
    { label: labels.price, value: fiat(receipt.priceFiat) },
    { label: labels.amount, value: `${receipt.amountCrypto} BTC` },
    {
      label: labels.rate,
      value: `1 BTC = ${fiat(receipt.rate)} (${when(receipt.rateAt)})`,
    },
    { label: labels.paid, value: `${receipt.paidCrypto} BTC (${fiat(receipt.paidFiat)})` },
    ...receipt.txids.map((txid) => ({ label: labels.transactions, value: txid })),
    { label: labels.paidAt, value: when(receipt.paidAt) },
  ];
}
