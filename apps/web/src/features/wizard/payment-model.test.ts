import { paymentMessages, type CityPrices, sayIn } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import {
  addressDeadline,
  daysLeft,
  formatCountdown,
  isPremiumActive,
  cityOptions,
  optionPreviews,
  paymentTitle,
  productForType,
  statusText,
  type OptionPreview,
} from './payment-model';

const now = Date.parse('2030-01-01T00:00:00.000Z');

/** The options as an English reader reads them: their duration and price in words. */
const said = (options: OptionPreview[]) =>
  options.map((option) => ({
    ...option,
    label: sayIn('en', option.label),
    price: sayIn('en', option.price),
  }));

describe('payment model', () => {
  it('pays for VIP with a paid ad and for premium with a premium one; free ads pay nothing', () => {
    expect(productForType('paid')).toBe('paid');
    expect(productForType('premium')).toBe('premium');
    expect(productForType('free')).toBeNull();
    expect(productForType('free_verified')).toBeNull();
    expect(productForType(null)).toBeNull();
  });

  it('writes the countdown as mm:ss, rounded up, never below 00:00', () => {
    expect(formatCountdown(20 * 60_000)).toBe('20:00');
    expect(formatCountdown(20 * 60_000 - 1)).toBe('20:00');
    expect(formatCountdown(19 * 60_000 + 59_000)).toBe('19:59');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
  });

  it("takes the server's deadline, capped at 20 minutes from the answer", () => {
    const in10 = new Date(now + 10 * 60_000).toISOString();
    const in25 = new Date(now + 25 * 60_000).toISOString();
    expect(addressDeadline(in10, now)).toBe(now + 10 * 60_000);
    expect(addressDeadline(in25, now)).toBe(now + 20 * 60_000);
    expect(addressDeadline('not a date', now)).toBe(now + 20 * 60_000);
  });

  it('counts whole days left, rounded up, and none once passed', () => {
    expect(daysLeft(new Date(now + 10 * 86_400_000).toISOString(), now)).toBe(10);
    expect(daysLeft(new Date(now + 3_600_000).toISOString(), now)).toBe(1);
    expect(daysLeft(new Date(now - 1).toISOString(), now)).toBeNull();
    expect(daysLeft(null, now)).toBeNull();
    expect(isPremiumActive(new Date(now + 1000).toISOString(), now)).toBe(true);
    expect(isPremiumActive(new Date(now - 1000).toISOString(), now)).toBe(false);
    expect(isPremiumActive(null, now)).toBe(false);
  });

  it('previews the VIP prices: ranges by city where the tiers differ on a tier-2 site', () => {
    expect(said(optionPreviews('paid', true, 'USD'))).toEqual([
      { id: 'DAYS_180', label: '6 months', price: '55.00 USD', btc: null, byCity: false },
      { id: 'DAYS_60', label: '60 days', price: '20.00 to 23.00 USD', btc: null, byCity: true },
      { id: 'DAYS_30', label: '30 days', price: '12.00 to 14.00 USD', btc: null, byCity: true },
    ]);
    expect(optionPreviews('paid', false, 'EUR').map((option) => sayIn('en', option.price))).toEqual(
      ['55.00 EUR', '20.00 EUR', '12.00 EUR'],
    );
  });

  it("offers the city's own prices, with their BTC, once they are known", () => {
    const prices: CityPrices = {
      country: 'US',
      city: 'las-vegas',
      currency: 'USD',
      tier: 2,
      rate: { value: '60000.00', at: '2026-11-28T00:00:00.000Z' },
      products: {
        paid: [{ id: 'DAYS_60', days: 60, amount: '23.00', btc: '0.00038334' }],
        premium: [{ id: 'DAYS_4', days: 4, amount: '1250.00', btc: null }],
      },
    };
    expect(said(cityOptions(prices, 'paid'))).toEqual([
      { id: 'DAYS_60', label: '60 days', price: '23.00 USD', btc: '0.00038334', byCity: false },
    ]);
    expect(said(cityOptions(prices, 'premium'))).toEqual([
      { id: 'DAYS_4', label: '4 days', price: '1,250.00 USD', btc: null, byCity: false },
    ]);
  });

  it('previews the premium prices', () => {
    expect(said(optionPreviews('premium', false, 'USD'))).toEqual([
      { id: 'DAYS_30', label: '30 days', price: '60.00 USD', btc: null, byCity: false },
      { id: 'DAYS_15', label: '15 days', price: '30.00 USD', btc: null, byCity: false },
      { id: 'DAYS_4', label: '4 days', price: '10.00 USD', btc: null, byCity: false },
    ]);
    expect(
      optionPreviews('premium', true, 'USD').map((option) => sayIn('en', option.price)),
    ).toEqual(['60.00 to 135.00 USD', '30.00 to 70.00 USD', '10.00 to 25.00 USD']);
  });

  it('titles the view and words each status', () => {
    expect(sayIn('en', paymentTitle({ complete: false, renewing: false }))).toBe('Almost there...');
    expect(sayIn('en', paymentTitle({ complete: false, renewing: true }))).toBe('Renew Your Ad');
    expect(sayIn('en', paymentTitle({ complete: true, renewing: true }))).toBe('Payment Complete');
    expect(sayIn('en', statusText('assigned', null))).toBe(sayIn('en', paymentMessages.waiting));
    expect(sayIn('en', statusText('processing', null))).toBe(
      sayIn('en', paymentMessages.processing),
    );
    expect(sayIn('en', statusText('processing', '0.0001'))).toBe(
      sayIn('en', paymentMessages.underpaid({ missing: '0.0001' })),
    );
    expect(sayIn('en', paymentMessages.underpaid({ missing: '0.0001' }))).toContain('0.0001 BTC');
  });
});
