import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { cities, countries } from '../../db/schema.js';
import { canadianCities, usCities, type CitySeed } from './city-data.js';

const countrySeeds = [
  { code: 'US', name: 'United States', cities: usCities },
  { code: 'CA', name: 'Canada', cities: canadianCities },
] as const;

/** Idempotent: run at every start; existing rows are brought up to date, none duplicated. */
export async function seedLocations(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    for (const country of countrySeeds) {
      await tx.db
        .insert(countries)
        .values({ code: country.code, name: country.name })
        .onConflictDoUpdate({ target: countries.code, set: { name: country.name } });
      const rows = country.cities.map((c: CitySeed) => ({
        countryCode: country.code,
        slug: c.slug,
        name: c.name,
        region: c.region,
        tier: c.tier,
      }));
      await tx.db
        .insert(cities)
        .values(rows)
        .onConflictDoUpdate({
          target: [cities.countryCode, cities.slug],
          set: { name: sql`excluded.name`, region: sql`excluded.region`, tier: sql`excluded.tier` },
        });
    }
  });
}
