import {
  adMessages,
  optionsFor,
  pricingTier,
  type CityPrices,
  type CountryCode,
  type PaymentProduct,
  type PricedOption,
} from '@adboard/shared';
import { RateUnavailableError, type Rate, type RateSource } from '../../adapters/rates/index.js';
import type { Db } from '../../db/database.js';
import { NotFoundError } from '../../domain/errors.js';
import { btcAmount } from '../payments/amounts.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { findCityRow } from './location-repository.js';

/** The current rate, or null when none can be had: the fiat prices are shown anyway. */
async function rateOrNull(rates: RateSource, currency: string): Promise<Rate | null> {
  try {
    return await rates.current(currency);
  } catch (error) {
    if (error instanceof RateUnavailableError) return null;
    throw error;
  }
}

/**
 * The prices of a city on this site, asked of the price rule (packages/shared
 * prices.ts: the city's tier, the site's use of tier 2) as an order asks it, with
 * the BTC each comes to at the current rate, rounded up to the satoshi as an order
 * rounds it (payments/amounts.ts). A city the site does not serve is 404.
 */
export async function readCityPrices(
  db: Db,
  rates: RateSource,
  site: SiteConfig,
  query: { country: CountryCode; city: string },
): Promise<CityPrices> {
  const city = await findCityRow(db, query.country, query.city);
  if (!city) throw new NotFoundError(adMessages.form.city);
  const tier = pricingTier({ cityTier: city.tier, siteUsesTier2: site.usesTier2 });
  const rate = await rateOrNull(rates, site.currency);
  const priced = (product: PaymentProduct): PricedOption[] =>
    optionsFor(product, tier).map((option) => ({
      id: option.id,
      days: option.days,
      amount: option.amount,
      btc: rate ? btcAmount(option.amount, rate.rate).btc : null,
    }));
  return {
    country: query.country,
    city: city.slug,
    currency: site.currency,
    tier,
    rate: rate ? { value: rate.rate.toFixed(2), at: rate.at.toISOString() } : null,
    products: { paid: priced('paid'), premium: priced('premium') },
  };
}
