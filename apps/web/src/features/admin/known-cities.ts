import type { CityOption } from '@adboard/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { adApi } from '../../lib/ad-api';

const lookupStaleMs = 5 * 60_000;

export interface KnownCity {
  slug: string;
  label: string;
}

/**
 * Every city the ads can be in, from the locations API the wizard uses (the same
 * query keys, so the two share the cache): each country's cities, by name.
 */
export function useKnownCities(): KnownCity[] {
  const countries = useQuery({
    queryKey: ['countries'],
    queryFn: adApi.getCountries,
    staleTime: lookupStaleMs,
  });
  const codes = (countries.data ?? []).map((option) => option._id.country);
  const cities = useQueries({
    queries: codes.map((country) => ({
      queryKey: ['cities', country],
      queryFn: () => adApi.getCities(country),
      staleTime: lookupStaleMs,
    })),
  });
  const known = new Map<string, KnownCity>();
  for (const result of cities) {
    for (const city of result.data ?? ([] as CityOption[])) {
      if (!known.has(city.city)) {
        known.set(city.city, { slug: city.city, label: `${city.city_full}, ${city.region}` });
      }
    }
  }
  return [...known.values()].sort((a, b) => a.label.localeCompare(b.label));
}
