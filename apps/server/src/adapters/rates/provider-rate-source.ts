import { z } from 'zod';
import { checkCurrency, RateUnavailableError, type Rate, type RateSource } from './rate-source.js';

/**
 * A rate provider over HTTP: `GET {url}?currency=USD` answers `{ "rate": 61234.56 }`
 * (fiat per BTC; other fields are ignored). Each currency's rate is kept for 60 s
 * and concurrent callers share one request. On an error, a bad answer or no answer
 * within 5 s the fallback rate is given (source 'fallback'), and the provider is
 * left alone for 15 s so orders do not each wait for a dead provider; with no
 * fallback a RateUnavailableError is thrown instead. Rates are rounded to the cent,
 * the precision orders keep.
 */
export interface ProviderRateOptions {
  url: string;
  fallback: number | undefined;
  timeoutMs?: number;
  cacheMs?: number;
  /** How long after a failure the fallback is given without asking the provider. */
  retryAfterFailureMs?: number;
  /** Told of each failure (for the log); the rate is still answered. */
  onError?: (error: Error) => void;
  now?: () => number;
}

const providerAnswer = z.object({ rate: z.number().positive().max(1e12) });

interface Cached {
  rate: number;
  fetchedAt: number;
}

export function createProviderRateSource(options: ProviderRateOptions): RateSource {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const cacheMs = options.cacheMs ?? 60_000;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? 15_000;
  const now = options.now ?? Date.now;
  const fallback = options.fallback;
  if (fallback !== undefined && (!Number.isFinite(fallback) || fallback <= 0)) {
    throw new RangeError('the fallback rate must be positive');
  }
  const cache = new Map<string, Cached>();
  const failedAt = new Map<string, number>();
  const inFlight = new Map<string, Promise<Cached>>();

  async function fetchRate(currency: string): Promise<Cached> {
    const url = new URL(options.url);
    url.searchParams.set('currency', currency);
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`rate provider answered HTTP ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw error;
      throw new Error('rate provider answered something that is not JSON');
    }
    const parsed = providerAnswer.safeParse(body);
    if (!parsed.success) throw new Error('rate provider answer has no positive "rate" number');
    const rate = Math.round(parsed.data.rate * 100) / 100;
    if (rate <= 0) throw new Error('rate provider answered a rate below one cent');
    return { rate, fetchedAt: now() };
  }

  function fallbackRate(currency: string, cause: unknown): Rate {
    if (fallback === undefined) {
      throw new RateUnavailableError(`no BTC rate for ${currency}: the provider failed`, {
        cause,
      });
    }
    return { rate: fallback, source: 'fallback', at: new Date(now()) };
  }

  return {
    async current(currency) {
      checkCurrency(currency);
      const cached = cache.get(currency);
      if (cached && now() - cached.fetchedAt < cacheMs) {
        return { rate: cached.rate, source: 'provider', at: new Date(cached.fetchedAt) };
      }
      const failed = failedAt.get(currency);
      if (failed !== undefined && now() - failed < retryAfterFailureMs) {
        return fallbackRate(currency, new Error('rate provider failed recently'));
      }
      let pending = inFlight.get(currency);
      if (!pending) {
        pending = fetchRate(currency).finally(() => inFlight.delete(currency));
        inFlight.set(currency, pending);
        pending.then(
          (fresh) => {
            cache.set(currency, fresh);
            failedAt.delete(currency);
          },
          (error: unknown) => {
            failedAt.set(currency, now());
            options.onError?.(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }
      try {
        const fresh = await pending;
        return { rate: fresh.rate, source: 'provider', at: new Date(fresh.fetchedAt) };
      } catch (error) {
        return fallbackRate(currency, error);
      }
    },
  };
}
