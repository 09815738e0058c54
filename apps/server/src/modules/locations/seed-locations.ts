import type { Database } from '../../db/database.js';
import { canadianCities, usCities, type CitySeed } from './city-data.js';
import { upsertCities, upsertCountry } from './location-repository.js';

const countrySeeds = [
  { code: 'US', name: 'United States', cities: usCities },
  { code: 'CA', name: 'Canada', cities: canadianCities },
] as const;

/**
 * Idempotent: run at every start; existing rows are brought up to date, none duplicated.
 * Run at startup, outside any request, so it opens its own transaction.
 */
export async function seedLocations(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    for (const country of countrySeeds) {
      await upsertCountry(tx.db, { code: country.code, name: country.name });
      await upsertCities(
        tx.db,
        country.cities.map((c: CitySeed) => ({
          countryCode: country.code,
          slug: c.slug,
          name: c.name,
          region: c.region,
          tier: c.tier,
        })),
      );
    }
  });
}
