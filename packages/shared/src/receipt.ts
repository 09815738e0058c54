import type { Language } from './i18n/languages.js';
import type { Text } from './i18n/said.js';
import { paymentMessages } from './i18n/catalogues/payments/index.js';
import { formatMoneyIn } from './money.js';
import { durationSaid } from './prices.js';
import type { PaymentReceipt } from './schemas/payments.js';

const words = paymentMessages.receipt;

/** 'VIP, 30 days' or 'Premium (featured), 4 days', in the reader's language. */
function boughtText(receipt: Pick<PaymentReceipt, 'product' | 'optionId'>): Text {
  const duration = durationSaid(receipt.optionId);
  return receipt.product === 'paid'
    ? words.boughtVip({ duration })
    : words.boughtPremium({ duration });
}

/** One line of a receipt: its label and value, words named in the catalogue (`Said`) or as they are. */
export interface ReceiptFact {
  label: Text;
  value: Text;
}

/**
 * The lines of a receipt, in order, as the 'Payment Complete' view and the mail both
 * show them, for a reader of `language` (its amounts written as that reader writes
 * money; its words said by whoever shows them, in the same language). `when` writes
 * a time (the view in the reader's zone, the mail in UTC).
 */
export function receiptFacts(
  receipt: PaymentReceipt,
  language: Language,
  when: (iso: string) => string,
): ReceiptFact[] {
  const { labels } = words;
  const fiat = (amount: string) => formatMoneyIn(Number(amount), receipt.currency, language);
  return [
    { label: labels.order, value: receipt.orderId },
    { label: labels.ad, value: words.ad({ adId: receipt.adId, title: receipt.adTitle }) },
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
