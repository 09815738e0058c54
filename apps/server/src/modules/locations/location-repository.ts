import { eq, sql } from 'drizzle-orm';
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
