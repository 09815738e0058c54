import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

/**
 * The country's full name: `known` when the wizard already has it, else from the
 * countries list (a city may be chosen before that list has arrived).
 */
export function useCountryName(country: string, known: string): string {
  const missing = !known || known === country;
  const countries = useQuery({ ...countriesQuery, enabled: missing });
  if (!missing) return known;
  return (
    countries.data?.find((option) => option._id.country === country)?._id.country_full ?? country
  );
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
