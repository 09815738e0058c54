/**
 * Where the BTC rate comes from: fiat per BTC for a currency of the sites.
 * Orders lock the rate they were issued at, with its source and time.
 */
export interface Rate {
  /** Fiat per BTC, e.g. 61234.56 USD. */
  rate: number;
  /** 'fixed', 'provider' or 'fallback' (the provider failed). */
  source: string;
  /** When the rate was read (for a cached provider rate: when it was fetched). */
  at: Date;
}

export interface RateSource {
  current(currency: string): Promise<Rate>;
}

/** No rate can be had: the provider failed and no fallback is set. */
export class RateUnavailableError extends Error {
  override name = 'RateUnavailableError';
}

export const currencyCode = /^[A-Z]{3}$/;

export function checkCurrency(currency: string): void {
  if (!currencyCode.test(currency)) {
    throw new RangeError(
      `currency must be a three-letter ISO code, got ${JSON.stringify(currency)}`,
    );
  }
}
