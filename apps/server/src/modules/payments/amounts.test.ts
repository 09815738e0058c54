import { describe, expect, it } from 'vitest';
import { optionsFor, paymentProducts } from '@adboard/shared';
import { bip21Uri, btcAmount, formatBtc, trimBtc } from './amounts.js';

describe('btcAmount', () => {
  it('converts exactly when the rate divides the amount', () => {
    expect(btcAmount('12.00', 60000)).toEqual({ sats: 20000n, btc: '0.00020000' });
    expect(btcAmount('55.00', 55000)).toEqual({ sats: 100000n, btc: '0.00100000' });
    expect(btcAmount('60000', 60000)).toEqual({ sats: 100_000_000n, btc: '1.00000000' });
  });

  it('rounds up to the satoshi', () => {
    // 14 / 61234.56 BTC = 22862.906… sats
    expect(btcAmount('14.00', 61234.56)).toEqual({ sats: 22863n, btc: '0.00022863' });
    // 135 / 97123.45 BTC = 138998.357… sats
    expect(btcAmount('135.00', 97123.45).sats).toBe(138999n);
    expect(btcAmount('0.01', 1e9).sats).toBe(1n);
  });

  it('has none of the float error of fiat / rate * 1e8', () => {
    // Math.ceil(10 / 15625 * 1e8) is 64001: the float quotient is a hair above 64000.
    expect(Math.ceil((10 / 15625) * 1e8)).toBe(64001);
    expect(btcAmount('10.00', 15625).sats).toBe(64000n);
    expect(btcAmount('12.00', 75000).sats).toBe(16000n);
    expect(btcAmount('14.00', 12800).sats).toBe(109375n);
  });

  it('reads rates with decimals or in exponent form exactly', () => {
    expect(btcAmount('10.00', 0.07).sats).toBe(14285714286n);
    expect(btcAmount('10', 1e21).sats).toBe(1n);
    expect(btcAmount('1', 0.0000001).sats).toBe(1_000_000_000_000_000n);
  });

  it('covers every price of the table at a sample rate, and never asks for less', () => {
    for (const product of paymentProducts) {
      for (const tier of [1, 2] as const) {
        for (const option of optionsFor(product, tier)) {
          const { sats } = btcAmount(option.amount, 61234.56);
          // sats × rate ≥ fiat × 10^8 and (sats − 1) × rate < fiat × 10^8, in cents
          const fiatCents = BigInt(option.amount.replace('.', ''));
          expect(sats * 6123456n >= fiatCents * 100_000_000n).toBe(true);
          expect((sats - 1n) * 6123456n < fiatCents * 100_000_000n).toBe(true);
        }
      }
    }
  });

  it.each([
    ['0.00', 60000],
    ['-1.00', 60000],
    ['abc', 60000],
    ['1,00', 60000],
    ['12.00', 0],
    ['12.00', -60000],
    ['12.00', Number.NaN],
    ['12.00', Number.POSITIVE_INFINITY],
  ])('refuses fiat %s at rate %s', (fiat, rate) => {
    expect(() => btcAmount(fiat, rate)).toThrow(RangeError);
  });
});

describe('formatBtc and trimBtc', () => {
  it('writes sats with 8 decimals', () => {
    expect(formatBtc(0n)).toBe('0.00000000');
    expect(formatBtc(1n)).toBe('0.00000001');
    expect(formatBtc(123_456_789n)).toBe('1.23456789');
    expect(() => formatBtc(-1n)).toThrow(RangeError);
  });

  it('drops trailing zeros', () => {
    expect(trimBtc('0.00020000')).toBe('0.0002');
    expect(trimBtc('1.00000000')).toBe('1');
    expect(trimBtc('10')).toBe('10');
    expect(trimBtc('0.00000001')).toBe('0.00000001');
    expect(() => trimBtc('0.000000001')).toThrow(RangeError);
  });
});

describe('bip21Uri', () => {
  const address = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

  it('writes the address, the amount without trailing zeros and the label', () => {
    expect(bip21Uri(address, '0.00020000', 'Adboard VIP 30 days')).toBe(
      `bitcoin:${address}?amount=0.0002&label=Adboard%20VIP%2030%20days`,
    );
    expect(bip21Uri(address, '1.00000000')).toBe(`bitcoin:${address}?amount=1`);
  });

  it('percent-encodes what a label could use to break the query', () => {
    expect(bip21Uri(address, '0.001', 'a&b=c?d#e/f')).toBe(
      `bitcoin:${address}?amount=0.001&label=a%26b%3Dc%3Fd%23e%2Ff`,
    );
  });

  it('refuses an address or amount that is not one', () => {
    expect(() => bip21Uri('bc1q?amount=1', '0.001')).toThrow(RangeError);
    expect(() => bip21Uri(address, '0.1234567891')).toThrow(RangeError);
  });
});
