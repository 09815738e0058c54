import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adApi } from '../../lib/ad-api';
import { locationLoadDelayMs } from './wizard-model';

const lookupStaleMs = 5 * 60_000;

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

  const countries = useQuery({
    queryKey: ['countries'],
    queryFn: adApi.getCountries,
    enabled: ready,
    staleTime: lookupStaleMs,
  });
  const cities = useQuery({
    queryKey: ['cities', country],
    queryFn: () => adApi.getCities(country),
    enabled: ready,
    staleTime: lookupStaleMs,
  });
  return { countries, cities };
}
