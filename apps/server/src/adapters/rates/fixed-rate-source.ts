import { checkCurrency, type RateSource } from './rate-source.js';

/** One rate for every currency: BTC_FIXED_RATE, or the demo rate outside production. */
export function createFixedRateSource(
  rate: number,
  now: () => Date = () => new Date(),
): RateSource {
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError('a fixed rate must be positive');
  return {
    async current(currency) {
      checkCurrency(currency);
      return { rate, source: 'fixed', at: now() };
    },
  };
}
