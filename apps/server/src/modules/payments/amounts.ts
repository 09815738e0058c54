import { formatBtc, SATS_PER_BTC } from '@adboard/shared';

export { formatBtc, SATS_PER_BTC };

/**
 * Fiat to BTC with exact decimal arithmetic (BigInt), never floating point:
 * the amount asked is rounded UP to the satoshi, so a payment of exactly the
 * amount shown always covers the fiat price at the locked rate.
 */

/** A non-negative decimal as coefficient × 10^exponent. */
interface Decimal {
  coefficient: bigint;
  exponent: number;
}

const decimalText = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

function parseDecimal(text: string, what: string): Decimal {
  const match = decimalText.exec(text);
  if (!match)
    throw new RangeError(`${what} must be a plain decimal number, got ${JSON.stringify(text)}`);
  const [, whole = '', fraction = '', exponent = '0'] = match;
  return {
    coefficient: BigInt(whole + fraction),
    exponent: Number(exponent) - fraction.length,
  };
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** BTC text without trailing zeros, as BIP21 writes it: '0.00020000' → '0.0002', '1.0' → '1'. */
export function trimBtc(btc: string): string {
  if (!/^\d+(\.\d{1,8})?$/.test(btc)) {
    throw new RangeError(`BTC amount must have at most 8 decimals, got ${JSON.stringify(btc)}`);
  }
  const trimmed = btc.includes('.') ? btc.replace(/0+$/, '').replace(/\.$/, '') : btc;
  return trimmed.replace(/^0+(?=\d)/, '');
}

/**
 * The BTC to ask for a fiat amount ('12.00') at a rate in fiat per BTC:
 * sats = ceil(fiat × 10^8 / rate), computed exactly. The rate's decimal value is
 * the shortest text of the number (61234.56 is read as 61234.56, not its binary
 * approximation).
 */
export function btcAmount(fiat: string, rate: number): { sats: bigint; btc: string } {
  const amount = parseDecimal(fiat.trim(), 'fiat amount');
  if (amount.coefficient === 0n) throw new RangeError('fiat amount must be more than 0');
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError('rate must be a positive number');
  const price = parseDecimal(String(rate), 'rate');
  // fiat × 10^8 / rate = (a·10^x · 10^8) / (p·10^y) = a·10^(x+8−y) / p
  const shift = amount.exponent + 8 - price.exponent;
  const numerator = shift >= 0 ? amount.coefficient * pow10(shift) : amount.coefficient;
  const denominator = shift >= 0 ? price.coefficient : price.coefficient * pow10(-shift);
  const sats = (numerator + denominator - 1n) / denominator;
  return { sats, btc: formatBtc(sats) };
}

/**
 * A BIP21 payment URI: `bitcoin:ADDRESS?amount=0.0002&label=Adboard%20VIP`.
 * The amount is written without trailing zeros; the label is percent-encoded.
 */
export function bip21Uri(address: string, btc: string, label?: string): string {
  if (!/^[a-zA-Z0-9]+$/.test(address)) throw new RangeError('address must be alphanumeric');
  const params = [`amount=${trimBtc(btc)}`];
  if (label) params.push(`label=${encodeURIComponent(label)}`);
  return `bitcoin:${address}?${params.join('&')}`;
}

/**
 * The fiat value of `sats` at a rate in fiat per BTC with at most 2 decimals
 * ('61234.56'), rounded half up to the cent, exactly (BigInt): '75.52'.
 */
export function fiatAtRate(sats: bigint, rate: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(rate.trim());
  if (!match) throw new RangeError(`rate must be a decimal with at most 2 places, got ${rate}`);
  const rateCents = BigInt(`${match[1] ?? '0'}${(match[2] ?? '').padEnd(2, '0')}`);
  const cents = (sats * rateCents * 2n + SATS_PER_BTC) / (2n * SATS_PER_BTC);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}
