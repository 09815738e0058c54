import { paymentReceiptSchema, type PaymentReceipt } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import type { AdContext } from '../ads/ad-deps.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { fiatAtRate, formatBtc } from './amounts.js';
import { findReceiptRow, listPaidOrderIds, type ReceiptRow } from './receipt-repository.js';

/** A receipt, with what its mail needs beside it (never part of an answer). */
export interface ReceiptOfOrder {
  receipt: PaymentReceipt;
  siteId: string;
  /** Where the receipt is mailed: the owner's account, or an anonymous ad's email. */
  email: string;
}

/** ISO 8601 of a timestamptz's text, read the way the query builder reads one. */
const isoOf = (timestamptz: string): string => new Date(timestamptz).toISOString();

function presentReceipt(row: ReceiptRow): PaymentReceipt {
  const paidSats = BigInt(row.paid_sats);
  return {
    orderId: row.id,
    adId: row.ad_id,
    adTitle: row.title,
    product: row.product,
    optionId: paymentReceiptSchema.shape.optionId.parse(row.option_id),
    days: row.days,
    currency: row.currency,
    priceFiat: row.amount_fiat,
    amountCrypto: formatBtc(BigInt(row.amount_sats)),
    rate: row.rate,
    rateAt: isoOf(row.rate_at),
    paidCrypto: formatBtc(paidSats),
    paidFiat: fiatAtRate(paidSats, row.rate),
    address: row.address,
    txids: row.txids,
    paidAt: isoOf(row.completed_at),
  };
}

/**
 * The receipt of a paid order, or null when the order is not paid (not complete, or
 * its money went back instead). The one source of a receipt: the receipts answer and
 * the receipt mail are both made of it.
 */
export async function readReceipt(db: Db, orderId: string): Promise<ReceiptOfOrder | null> {
  const row = await findReceiptRow(db, orderId);
  if (!row) return null;
  return { receipt: presentReceipt(row), siteId: row.site_id, email: row.email };
}

/** The receipts of the ad's paid orders, newest first, for whoever may pay for the ad. */
export async function listReceipts(
  db: Db,
  ctx: AdContext,
  adId: string,
): Promise<PaymentReceipt[]> {
  const ad = await loadManagedAd(db, ctx, adId, { action: 'pay' });
  const receipts: PaymentReceipt[] = [];
  for (const orderId of await listPaidOrderIds(db, ad.id)) {
    const found = await readReceipt(db, orderId);
    if (found) receipts.push(found.receipt);
  }
  return receipts;
}
