import { countryCodeSchema, type CountryCode } from '@adboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { adFormText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';
import { adApi } from '../../lib/ad-api';
import { journeyApi } from '../../lib/journey-api';
import { locationLoadDelayMs } from './wizard-model';

const lookupStaleMs = 5 * 60_000;
const countriesQuery = {
  queryKey: ['countries'],
  queryFn: adApi.getCountries,
  staleTime: lookupStaleMs,
};

/**
 * Countries, and the cities of one country. Loading starts 300 ms after the
 * location picker appears (SPEC.md section 9) and again whenever the country changes.
 */
export function useLocations(country: string) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), locationLoadDelayMs);
    return () => clearTimeout(timer);
  }, []);

  const countries = useQuery({ ...countriesQuery, enabled: ready });
  const cities = useCities(country, ready);
  return { countries, cities };
}

/** The cities of one country (the wizard's picker, the visits of My Posts). */
export function useCities(country: string, enabled = true) {
  return useQuery({
    queryKey: ['cities', country],
    queryFn: () => adApi.getCities(country),
    enabled,
    staleTime: lookupStaleMs,
  });
}

const isCountryCode = (code: string): code is CountryCode =>
  countryCodeSchema.options.some((known) => known === code);

/**
 * The countries' names in the app's language (the ad-form area's: an ad's country is one
 * of countryCodeSchema's); a country the app does not know, as the server names it.
 */
export function useCountryNames(): (code: string, serverName?: string) => string {
  const countries = useText(adFormText).countries;
  return useCallback(
    (code, serverName) => (isCountryCode(code) ? countries[code] : serverName || code),
    [countries],
  );
}

/** A country's full name in the app's language. */
export function useCountryName(country: CountryCode): string {
  return useCountryNames()(country);
}

/** Prices follow the BTC rate: asked again after a minute. */
const pricesStaleMs = 60_000;

/**
 * The server's prices of a city (each option of VIP and premium, in the site's
 * currency and in BTC); idle until a city is chosen.
 */
export function useCityPrices(country: string, city: string) {
  return useQuery({
    queryKey: ['prices', country, city],
    queryFn: () => journeyApi.getCityPrices(country, city),
    enabled: city !== '',
    staleTime: pricesStaleMs,
  });
}
