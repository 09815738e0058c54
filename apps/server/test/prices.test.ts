import {
  adMessages,
  formatBtc,
  optionsFor,
  type CityPrices,
  type PaymentProduct,
  type PricingTier,
  sayIn,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFixedRateSource,
  RateUnavailableError,
  type RateSource,
} from '../src/adapters/rates/index.js';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { createAd, expectErrorBody } from './support/ads.js';
import { expectedSats, expireOrder, issueAddress, satsOf } from './support/payments.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/** An odd rate, so fiat / rate is never a whole number of sats. */
const RATE = '61234.57';
const NIGHTLIST = 'post.nightlist.example';

/** What the price rule (packages/shared/src/prices.ts) charges, at RATE. */
function ruleOptions(product: PaymentProduct, tier: PricingTier) {
  return optionsFor(product, tier).map((option) => ({
    id: option.id,
    days: option.days,
    amount: option.amount,
    btc: formatBtc(expectedSats(option.amount, RATE)),
  }));
}

describe('GET /api/prices: the prices of a city, from the price rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      limiter: relaxedLimiter(),
      rates: createFixedRateSource(Number(RATE)),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const prices = async (query: string, host?: string) => {
    const res = await call(t.app, 'GET', `/api/prices${query}`, {
      headers: host ? { host } : {},
    });
    return { ...res, body: res.json as CityPrices };
  };

  it('answers the tier-2 options of Las Vegas in USD and in BTC at the current rate', async () => {
    const { status, body } = await prices('?country=US&city=las-vegas');
    expect(status).toBe(200);
    expect(body).toMatchObject({ country: 'US', city: 'las-vegas', currency: 'USD', tier: 2 });
    expect(body.rate?.value).toBe(RATE);
    expect(body.products.paid).toEqual(ruleOptions('paid', 2));
    expect(body.products.premium).toEqual(ruleOptions('premium', 2));
  });

  it('answers tier 1 for a tier-1 city, and on a site without tier 2 even in Las Vegas', async () => {
    expect((await prices('?country=US&city=austin')).body).toMatchObject({
      tier: 1,
      products: { paid: ruleOptions('paid', 1), premium: ruleOptions('premium', 1) },
    });
    expect((await prices('?country=US&city=las-vegas', NIGHTLIST)).body).toMatchObject({
      tier: 1,
      products: { paid: ruleOptions('paid', 1) },
    });
  });

  it('equals what an order for an ad in that city charges: the same fiat and the same BTC', async () => {
    const owner = await registerVerified(t.app, 'prices@example.com', 'a long enough passphrase');
    for (const city of ['las-vegas', 'austin']) {
      const { body } = await prices(`?country=US&city=${city}`);
      const { postId } = await createAd(t.app, {
        type: 'paid',
        session: owner.token,
        overrides: { city },
      });
      for (const option of body.products.paid) {
        const order = await issueAddress(t, { session: owner.token }, postId, 'paid', option.id);
        expect(order.amountFiat).toBe(option.amount);
        expect(satsOf(order.amountCrypto)).toBe(satsOf(option.btc ?? ''));
        await expireOrder(t, order.address);
      }
    }
  });

  it('answers 404 with the catalogue message for a city it does not serve, 400 for a malformed one', async () => {
    const unknown = await prices('?country=US&city=atlantis');
    expectErrorBody(unknown, 404);
    expect((unknown.json as { error: string }).error).toBe(sayIn('en', adMessages.form.city));
    const otherCountry = await prices('?country=CA&city=las-vegas');
    expectErrorBody(otherCountry, 404);
    expectErrorBody(await prices('?country=US&city=Las%20Vegas!'), 400);
    expectErrorBody(await prices('?country=FR&city=paris'), 400);
    expectErrorBody(await prices('?country=US'), 400);
  });
});

describe('GET /api/prices without a BTC rate', () => {
  it('still answers the fiat prices, with no BTC amounts and no rate', async () => {
    const noRate: RateSource = {
      current: () => Promise.reject(new RateUnavailableError('no rate')),
    };
    const t = await createTestApp({ rates: noRate });
    try {
      const res = await call(t.app, 'GET', '/api/prices?country=US&city=las-vegas');
      expect(res.status).toBe(200);
      const body = res.json as CityPrices;
      expect(body.rate).toBeNull();
      expect(body.products.paid.map((o) => [o.amount, o.btc])).toEqual(
        optionsFor('paid', 2).map((o) => [o.amount, null]),
      );
    } finally {
      await t.close();
    }
  });
});
