import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { cities, countries } from '../../db/schema.js';

/** Byte order, so the list reads the same on every server whatever its collation. */
const byName = (column: typeof cities.name | typeof countries.name) => sql`${column} COLLATE "C"`;

export function listCountryRows(db: Db) {
  return db.select().from(countries).orderBy(byName(countries.name));
}

export function listCityRows(db: Db, countryCode: string) {
  return db
    .select()
    .from(cities)
    .where(eq(cities.countryCode, countryCode))
    .orderBy(byName(cities.name));
}

/** One city of a country by its slug, with its price tier; undefined when not served. */
export async function findCityRow(db: Db, countryCode: string, slug: string) {
  const [row] = await db
    .select({ slug: cities.slug, name: cities.name, tier: cities.tier })
    .from(cities)
    .where(and(eq(cities.countryCode, countryCode), eq(cities.slug, slug)));
  return row;
}

/** Inserts the country, or brings its name up to date. */
export async function upsertCountry(db: Db, row: { code: string; name: string }): Promise<void> {
  await db
    .insert(countries)
    .values(row)
    .onConflictDoUpdate({ target: countries.code, set: { name: row.name } });
}

/** Inserts the cities, or brings the name, region and tier of those already there up to date. */
export async function upsertCities(db: Db, rows: (typeof cities.$inferInsert)[]): Promise<void> {
  await db
    .insert(cities)
    .values(rows)
    .onConflictDoUpdate({
      target: [cities.countryCode, cities.slug],
      set: { name: sql`excluded.name`, region: sql`excluded.region`, tier: sql`excluded.tier` },
    });
}
