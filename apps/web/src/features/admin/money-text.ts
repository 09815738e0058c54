import { consoleMessages, formatBtc, formatFiat } from '@adboard/shared';

const text = consoleMessages.refunds;

/**
 * An amount in sats (a decimal string, as the API sends it) as BTC with 8 decimals,
 * exactly (BigInt, `formatBtc` of the shared package): every satoshi shows.
 * 125000 → '0.00125000 BTC'. Anything else than whole sats is shown as it came.
 */
export function btcText(sats: string): string {
  if (!/^\d+$/.test(sats)) return text.sats(sats);
  return text.btc(formatBtc(BigInt(sats)));
}

/** A fiat amount in its currency ('75.00 USD'), or null when there is none. */
export function fiatText(amount: string | null, currency: string | null): string | null {
  return amount && currency ? formatFiat(amount, currency) : null;
}
