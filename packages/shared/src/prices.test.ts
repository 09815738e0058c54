import { describe, expect, it } from 'vitest';
import { durationIds, type DurationId } from './ad-options.js';
import { typeBadge } from './badges.js';
import { sayIn } from './i18n/catalogues/say.js';
import {
  durationDays,
  durationSaid,
  isPaymentProduct,
  optionsFor,
  paymentProducts,
  priceFor,
  priceTable,
  pricingTier,
} from './prices.js';

/** An option's duration in English words. */
const words = (id: DurationId) => sayIn('en', durationSaid(id));

const summary = (product: 'paid' | 'premium', tier: 1 | 2) =>
  optionsFor(product, tier).map((o) => `${words(o.id)} ${o.amount}`);

describe('price table (SPEC.md section 9)', () => {
  it('has the premium options of both tiers', () => {
    expect(summary('premium', 1)).toEqual(['30 days 60.00', '15 days 30.00', '4 days 10.00']);
    expect(summary('premium', 2)).toEqual(['30 days 135.00', '15 days 70.00', '4 days 25.00']);
  });

  it('has the VIP options of both tiers', () => {
    expect(summary('paid', 1)).toEqual(['6 months 55.00', '60 days 20.00', '30 days 12.00']);
    expect(summary('paid', 2)).toEqual(['6 months 55.00', '60 days 23.00', '30 days 14.00']);
  });

  it('gives every option a duration id, two-decimal amount and the days it buys', () => {
    for (const product of paymentProducts) {
      for (const tier of [1, 2] as const) {
        for (const option of optionsFor(product, tier)) {
          expect(durationIds).toContain(option.id);
          expect(option.amount).toMatch(/^\d+\.\d{2}$/);
          expect(option.days).toBe(durationDays[option.id]);
        }
      }
    }
    expect(priceFor('premium', 'DAYS_4', 1)).toEqual({
      id: 'DAYS_4',
      amount: '10.00',
      days: 4,
    });
    expect(priceFor('paid', 'DAYS_180', 2)?.days).toBe(183);
  });

  it('uses the VIP labels the type badge shows', () => {
    for (const option of optionsFor('paid', 1)) {
      expect(sayIn('en', typeBadge('paid', option.id))).toBe(`VIP ${words(option.id)}`);
    }
  });

  it('says each duration in the reader’s language, six months in months', () => {
    expect(words('DAYS_4')).toBe('4 days');
    expect(words('DAYS_180')).toBe('6 months');
    expect(sayIn('fr-CA', durationSaid('DAYS_30'))).toBe('30 jours');
    expect(sayIn('fr-CA', durationSaid('DAYS_180'))).toBe('6 mois');
    expect(sayIn('es', durationSaid('DAYS_15'))).toBe('15 días');
    expect(sayIn('es', durationSaid('DAYS_180'))).toBe('6 meses');
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(priceTable.paid[1])).toBe(true);
    expect(Object.isFrozen(priceTable.paid[1][0])).toBe(true);
  });
});

describe('priceFor', () => {
  it('finds the option of the product and tier', () => {
    expect(priceFor('paid', 'DAYS_30', 1)?.amount).toBe('12.00');
    expect(priceFor('paid', 'DAYS_30', 2)?.amount).toBe('14.00');
    expect(priceFor('premium', 'DAYS_15', 2)?.amount).toBe('70.00');
  });

  it('refuses an option the product does not offer, or an unknown product', () => {
    expect(priceFor('paid', 'DAYS_4', 1)).toBeNull();
    expect(priceFor('paid', 'DAYS_15', 1)).toBeNull();
    expect(priceFor('premium', 'DAYS_60', 1)).toBeNull();
    expect(priceFor('premium', 'DAYS_180', 2)).toBeNull();
    expect(priceFor('free', 'DAYS_30', 1)).toBeNull();
    expect(priceFor('paid', 'days_30', 1)).toBeNull();
    expect(priceFor('paid', 'toString', 1)).toBeNull();
    expect(priceFor('__proto__', 'DAYS_30', 1)).toBeNull();
  });
});

describe('pricingTier', () => {
  it('is 2 only for a tier-2 city on a site that uses tier 2', () => {
    expect(pricingTier({ cityTier: 2, siteUsesTier2: true })).toBe(2);
    expect(pricingTier({ cityTier: 2, siteUsesTier2: false })).toBe(1);
    expect(pricingTier({ cityTier: 1, siteUsesTier2: true })).toBe(1);
    expect(pricingTier({ cityTier: null, siteUsesTier2: true })).toBe(1);
    expect(pricingTier({ cityTier: undefined, siteUsesTier2: true })).toBe(1);
  });
});

describe('isPaymentProduct', () => {
  it('knows the two products', () => {
    expect(paymentProducts).toEqual(['paid', 'premium']);
    expect(isPaymentProduct('paid')).toBe(true);
    expect(isPaymentProduct('premium')).toBe(true);
    expect(isPaymentProduct('free')).toBe(false);
  });
});
