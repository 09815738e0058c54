import type { RateSettings } from '../../config.js';
import { createFixedRateSource } from './fixed-rate-source.js';
import { createProviderRateSource } from './provider-rate-source.js';
import type { RateSource } from './rate-source.js';

export { createFixedRateSource } from './fixed-rate-source.js';
export { createProviderRateSource, type ProviderRateOptions } from './provider-rate-source.js';
export { RateUnavailableError, type Rate, type RateSource } from './rate-source.js';

/** The rate source of the settings (config.bitcoin.rate). */
export function createRateSource(
  settings: RateSettings,
  onError?: (error: Error) => void,
): RateSource {
  return settings.kind === 'fixed'
    ? createFixedRateSource(settings.value)
    : createProviderRateSource({ url: settings.url, fallback: settings.fallback, onError });
}
