import { describe, expect, it } from 'vitest';
import { btcText, fiatText } from './money-text';

describe('console money texts', () => {
  it('shows sats as BTC with 8 decimals, exactly', () => {
    expect(btcText('125000')).toBe('0.00125000 BTC');
    expect(btcText('1')).toBe('0.00000001 BTC');
    expect(btcText('0')).toBe('0.00000000 BTC');
    expect(btcText('100000000')).toBe('1.00000000 BTC');
    // Beyond what a double holds exactly: every satoshi is kept.
    expect(btcText('2100000000000001')).toBe('21000000.00000001 BTC');
  });

  it('shows a fiat amount in its currency, or nothing without one', () => {
    expect(fiatText('75.00', 'USD')).toBe('75.00 USD');
    expect(fiatText(null, null)).toBeNull();
  });
});
