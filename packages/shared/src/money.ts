/**
 * Bitcoin amounts as exact integers of satoshis: the one place that turns sats into
 * BTC text, for the server's payment views and mails and the browser's console alike.
 */
export const SATS_PER_BTC = 100_000_000n;

/** 8-decimal BTC text of an amount in sats: 20000n → '0.00020000'. */
export function formatBtc(sats: bigint): string {
  if (sats < 0n) throw new RangeError('sats must not be negative');
  const whole = sats / SATS_PER_BTC;
  const fraction = (sats % SATS_PER_BTC).toString().padStart(8, '0');
  return `${whole}.${fraction}`;
}
