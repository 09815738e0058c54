import type { PaymentAddress, PaymentStatusResult } from '@adboard/shared';
import type { paymentOrders } from '../../db/schema.js';
import { bip21Uri, formatBtc, trimBtc } from './amounts.js';
import { explorerUrl } from './payment-deps.js';

export type OrderRow = typeof paymentOrders.$inferSelect;

/** What a status answer is made of. */
export type OrderStatusView = Pick<
  OrderRow,
  'status' | 'amountSats' | 'receivedSats' | 'expiresAt'
>;

function missing(order: OrderStatusView): string | null {
  if (order.status !== 'processing' || order.receivedSats >= order.amountSats) return null;
  return trimBtc(formatBtc(order.amountSats - order.receivedSats));
}

export function presentAddress(order: OrderRow, label: string): PaymentAddress {
  const btc = formatBtc(order.amountSats);
  return {
    address: order.address,
    amountFiat: order.amountFiat,
    amountCrypto: trimBtc(btc),
    fiat: order.currency,
    crypto: 'BTC',
    status: order.status,
    expiresAt: order.expiresAt.toISOString(),
    uri: bip21Uri(order.address, btc, label),
    missingCrypto: missing(order),
    explorerUrl: explorerUrl(order.network, order.address),
  };
}

export function presentStatus(order: OrderStatusView): PaymentStatusResult {
  return {
    status: order.status,
    amountCrypto: trimBtc(formatBtc(order.amountSats)),
    receivedCrypto: trimBtc(formatBtc(order.receivedSats)),
    missingCrypto: missing(order),
    expiresAt: order.expiresAt.toISOString(),
  };
}
