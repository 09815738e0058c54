import { describe, expect, it } from 'vitest';
import { fiatAtRate } from './amounts.js';

describe('a refund in the site currency', () => {
  it('values sats at the locked rate to the cent, exactly, rounding half up', () => {
    expect(fiatAtRate(125_000n, '60000.00')).toBe('75.00');
    expect(fiatAtRate(100_000_000n, '61234.56')).toBe('61234.56');
    expect(fiatAtRate(1n, '61234.56')).toBe('0.00');
    expect(fiatAtRate(12_345n, '61234.5')).toBe('7.56');
    // 2 100 000 000 000 001 sats at 99 999.99: beyond what a double holds exactly.
    expect(fiatAtRate(2_100_000_000_000_001n, '99999.99')).toBe('2099999790000.00');
  });

  it('refuses a rate it cannot read exactly', () => {
    expect(() => fiatAtRate(1n, '1e5')).toThrow(RangeError);
  });
});
