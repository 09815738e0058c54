import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { adVisits, cities } from '../../db/schema.js';

/** A visit as the lifecycle writes it (issue 29). */
export interface NewVisit {
  countryCode: string;
  citySlug: string;
  startsOn: string;
  endsOn: string;
}

/** The cities of the ad's visits (any day), to tell their pages' caches. */
async function visitedCities(db: Db, adId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ citySlug: adVisits.citySlug })
    .from(adVisits)
    .where(eq(adVisits.adId, adId));
  return rows.map((row) => row.citySlug);
}

/** The ad's visits become `visits`; answers every city whose pages it changes. */
export async function replaceVisits(
  db: Db,
  adId: number,
  visits: readonly NewVisit[],
): Promise<string[]> {
  const before = await visitedCities(db, adId);
  await db.delete(adVisits).where(eq(adVisits.adId, adId));
  if (visits.length > 0) await db.insert(adVisits).values(visits.map((v) => ({ ...v, adId })));
  return [...new Set([...before, ...visits.map((v) => v.citySlug)])];
}

/** The ad visits nowhere any more; answers the cities it visited. */
export async function endVisits(db: Db, adId: number): Promise<string[]> {
  const before = await visitedCities(db, adId);
  if (before.length > 0) await db.delete(adVisits).where(eq(adVisits.adId, adId));
  return before;
}

/** The ad's visits whose last day is `today` (UTC) or later, first first, with the city's name. */
export async function listPlannedVisits(db: Db, adId: number, today: string) {
  return db
    .select({
      city: adVisits.citySlug,
      cityName: cities.name,
      from: adVisits.startsOn,
      to: adVisits.endsOn,
    })
    .from(adVisits)
    .innerJoin(
      cities,
      and(eq(cities.countryCode, adVisits.countryCode), eq(cities.slug, adVisits.citySlug)),
    )
    .where(and(eq(adVisits.adId, adId), gte(adVisits.endsOn, today)))
    .orderBy(asc(adVisits.startsOn), sql`${adVisits.id}`);
}
