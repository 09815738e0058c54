import { describe, expect, it } from 'vitest';
import { formatBtc, formatFiat, groupFiat } from './money.js';

describe('money as text', () => {
  it('writes sats as BTC with 8 decimals, every satoshi shown', () => {
    expect(formatBtc(20_000n)).toBe('0.00020000');
    expect(formatBtc(2_100_000_000_000_001n)).toBe('21000000.00000001');
  });

  it('groups the thousands of a fiat amount, keeping its decimals as they came', () => {
    expect(formatFiat('60000.00', 'USD')).toBe('60,000.00 USD');
    expect(formatFiat('1234567.5', 'CAD')).toBe('1,234,567.5 CAD');
    expect(formatFiat('999.99', 'USD')).toBe('999.99 USD');
    expect(formatFiat('14.00', 'USD')).toBe('14.00 USD');
    expect(formatFiat('1000', 'USD')).toBe('1,000 USD');
    expect(groupFiat('61234.57')).toBe('61,234.57');
  });

  it('shows anything that is not a plain decimal amount as it came', () => {
    expect(groupFiat('-1234.00')).toBe('-1234.00');
    expect(groupFiat('1e9')).toBe('1e9');
  });
});
