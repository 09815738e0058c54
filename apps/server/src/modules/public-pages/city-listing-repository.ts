import {
  ANY_PLACE,
  citySearchLimits,
  lifecycle,
  noCityFilters,
  type CityFilters,
} from '@adboard/shared';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { ads, cityPublicRows, photos } from '../../db/schema.js';
import { publicAdCondition, publicPhotoCondition } from './public-ad-repository.js';

/**
 * The order and the filters of a city page, asked of PostgreSQL for each page (no
 * list of the city's ads is kept in memory): a page reads only its own rows and a
 * bounded count, through the indexes of migration 0021, at any size of city.
 *
 * The recommended order (docs/decisions.md, "The city page's order"):
 *   1. groups: a running premium, then VIP (paid), then free;
 *   2. in each group, the ads listed (published or renewed) in the last 24 hours first;
 *   3. then a rotation: the ads stand on a circle by a hash of their id
 *      (`rotation_key`), and each quarter of an hour the page starts reading the
 *      circle at another point (`rotationPivot`), so every ad has its turn near the top.
 * `newest`: the same groups, each by publication time, newest first.
 */

/** How long the rotation keeps its order: pages cache well, and a day has 96 turns. */
export const ROTATION_SLOT_MS = 15 * 60_000;
export const SLOTS_PER_DAY = 96;
/** How long an ad counts as new after it is published or renewed. */
export const FRESH_HOURS = 24;

const CIRCLE = 2 ** 32;
const STEP = CIRCLE / SLOTS_PER_DAY;
/** Coprime with 96: the day's 96 starting points, each once, in a shuffled order. */
const SLOT_STRIDE = 37;
const DAY_STRIDE = 41;

export function rotationSlotOf(now: Date): number {
  return Math.floor(now.getTime() / ROTATION_SLOT_MS);
}

/** When the slot holding `now` ends (the page's order changes then). */
export function rotationSlotEnd(now: Date): Date {
  return new Date((rotationSlotOf(now) + 1) * ROTATION_SLOT_MS);
}

/**
 * Where the circle is read from during the slot holding `now`, as an int4 like
 * `rotation_key`. The 96 slots of a day start at 96 evenly spaced points, each once
 * (so over a day every stretch of the circle is at the top), in an order and at an
 * offset that change from day to day (so an ad's turn is not always at the same hour).
 */
export function rotationPivot(now: Date): number {
  const slot = rotationSlotOf(now);
  const day = Math.floor(slot / SLOTS_PER_DAY);
  const position = ((slot % SLOTS_PER_DAY) * SLOT_STRIDE + day * DAY_STRIDE) % SLOTS_PER_DAY;
  const jitter = (day * 2_654_435_761) % Math.floor(STEP);
  const point = Math.floor(position * STEP) + jitter;
  return point - 2 ** 31;
}

export interface CityScope {
  siteId: string;
  countryCode: string;
  citySlug: string;
}

/** How many ads match: exact up to the cap, else "more than" the cap. */
export type MatchCount = { exact: true; n: number } | { exact: false; atLeast: number };

export interface CityListing {
  ids: number[];
  count: MatchCount;
  /** Whether another page follows this one. */
  hasMore: boolean;
}

const ids = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** An incalls or outcalls filter: 'any' is "offers them at all"; values are OR-ed. */
function placeCondition(
  column: typeof ads.incalls | typeof ads.outcalls,
  values: string[],
  hotelAlso: boolean,
): SQL {
  const offers = sql`(${column} IS NOT NULL AND ${column} <> 'no')`;
  if (values.includes(ANY_PLACE)) return offers;
  // An outcall to "hotel or residence" (stored 'any') goes to hotels too.
  const wanted = hotelAlso && values.includes('hotel') ? [...values, ANY_PLACE] : values;
  return sql`${column} IN (${ids(wanted)})`;
}

/** The ad has a photo the public sees / a verification photo a moderator approved. */
const hasPublicPhoto = sql`EXISTS (SELECT 1 FROM ${photos} WHERE ${photos.adId} = ${ads.id} AND ${publicPhotoCondition})`;
const hasVerifiedPhoto = sql`EXISTS (SELECT 1 FROM ${photos} WHERE ${photos.adId} = ${ads.id} AND ${photos.isVerification} AND NOT ${photos.pendingReview})`;

/** The query's keywords, as PostgreSQL reads a search box (quotes, 'or', '-word'). */
const keywordQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/** The city's public ads that match the filters (order aside). */
export function cityMatchCondition(scope: CityScope, filters: CityFilters): SQL {
  const parts: SQL[] = [
    sql`${ads.countryCode} = ${scope.countryCode}`,
    sql`${ads.citySlug} = ${scope.citySlug}`,
    sql`${ads.siteId} = ${scope.siteId}`,
    // What the partial indexes hold, said as they say it, so the planner uses them.
    cityPublicRows,
    publicAdCondition,
  ];
  if (filters.q) parts.push(sql`${ads.searchVector} @@ ${keywordQuery(filters.q)}`);
  if (filters.ageMin !== null) parts.push(sql`${ads.age} >= ${filters.ageMin}`);
  if (filters.ageMax !== null) parts.push(sql`${ads.age} <= ${filters.ageMax}`);
  if (filters.ethnicity.length > 0)
    parts.push(sql`${ads.ethnicity} IN (${ids(filters.ethnicity)})`);
  if (filters.business.length > 0) parts.push(sql`${ads.business} IN (${ids(filters.business)})`);
  if (filters.incalls.length > 0) parts.push(placeCondition(ads.incalls, filters.incalls, false));
  if (filters.outcalls.length > 0) parts.push(placeCondition(ads.outcalls, filters.outcalls, true));
  if (filters.verified) parts.push(hasVerifiedPhoto);
  if (filters.photos) parts.push(hasPublicPhoto);
  return sql.join(parts, sql` AND `);
}

const premiumRunning = sql`${ads.premiumUntil} > now()`;
const noPremiumRunning = sql`(${ads.premiumUntil} IS NULL OR ${ads.premiumUntil} <= now())`;
const fresh = sql`${ads.listedAt} > now() - make_interval(hours => ${FRESH_HOURS})`;
const notFresh = sql`(${ads.listedAt} IS NULL OR ${ads.listedAt} <= now() - make_interval(hours => ${FRESH_HOURS}))`;

/**
 * The page's parts, read in this order (each ordered on its own; PostgreSQL's Append
 * reads its branches one after the other and the LIMIT stops it as soon as the page
 * is full, so a page never reads the rows after it).
 */
function orderedBranches(match: SQL, filters: CityFilters, pivot: number): SQL[] {
  // The three groups: a running premium, then VIP, then free.
  const groups = [
    premiumRunning,
    sql`${ads.listingGroup} = 1 AND ${noPremiumRunning}`,
    sql`${ads.listingGroup} = 2 AND ${noPremiumRunning}`,
  ];
  const select = (where: SQL, order: SQL) =>
    sql`SELECT ${ads.id} FROM ${ads} WHERE ${match} AND ${where} ORDER BY ${order}`;
  if (filters.sort === 'newest') {
    return groups.map((group) =>
      select(group, sql`${ads.postedAt} DESC NULLS LAST, ${ads.id} DESC`),
    );
  }
  const circle = sql`${ads.rotationKey}, ${ads.id}`;
  return groups.flatMap((group) => [
    // The last day's ads (a small set, ads_city_listed_idx), in the rotation's order.
    select(sql`${group} AND ${fresh}`, sql`${ads.rotationKey} < ${pivot}, ${circle}`),
    // The circle from the pivot to its end, then from its start to the pivot: two
    // ranges of ads_city_rotation_idx (ads_city_premium_idx for the premium group),
    // each read in index order and only as far as the page needs.
    select(sql`${group} AND ${notFresh} AND ${ads.rotationKey} >= ${pivot}`, circle),
    select(sql`${group} AND ${notFresh} AND ${ads.rotationKey} < ${pivot}`, circle),
  ]);
}

const dialect = new PgDialect();

/**
 * Runs the listing's queries on one connection, in one read-only transaction (the
 * page and its count see the same ads), as named statements (parsed once per
 * connection and shape of query), each planned for its own values. Parallel workers
 * are turned off for them: starting workers costs more than these bounded reads, and
 * they would take the cores of the other requests.
 */
async function readListing(pool: pg.Pool, queries: SQL[]): Promise<Record<string, unknown>[][]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query('SET LOCAL max_parallel_workers_per_gather = 0');
    // A plan for the values asked (a generic plan cannot know how many ads a keyword or
    // a city holds, and picked whole-city scans in the million-ads bench).
    await client.query('SET LOCAL plan_cache_mode = force_custom_plan');
    const results: Record<string, unknown>[][] = [];
    for (const query of queries) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const name = `city_listing_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
      const { rows } = await client.query<Record<string, unknown>>({ name, text, values: params });
      results.push(rows);
    }
    await client.query('COMMIT');
    return results;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * One page of a city's ads for these filters, and how many match. The count stops
 * past the cap, so a city of 90,000 ads or a keyword that matches them all costs no
 * more than its first pages.
 */
export async function findCityListing(
  pool: pg.Pool,
  scope: CityScope,
  filters: CityFilters,
  page: number,
  now: Date = new Date(),
): Promise<CityListing> {
  const size = lifecycle.cityPageSize;
  const offset = (page - 1) * size;
  const match = cityMatchCondition(scope, filters);
  const branches = orderedBranches(match, filters, rotationPivot(now));
  const union = sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` UNION ALL `,
  );
  const cap = citySearchLimits.countCap;
  const [pageRows, counted] = await readListing(pool, [
    sql`SELECT id FROM (${union}) AS listing LIMIT ${size + 1} OFFSET ${offset}`,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${ads} WHERE ${match} LIMIT ${cap + 1}) AS matches`,
  ]);
  const n = Number(counted?.[0]?.n ?? 0);
  const found = (pageRows ?? []).map((row) => Number(row.id));
  return {
    ids: found.slice(0, size),
    hasMore: found.length > size,
    count: n <= cap ? { exact: true, n } : { exact: false, atLeast: cap },
  };
}

/** The public ads of a city for its sitemap: the newest first, at most `limit`. */
export async function listCitySitemapAds(
  db: Db,
  scope: CityScope,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.execute<{ id: string | number }>(
    sql`SELECT ${ads.id} AS id FROM ${ads}
        WHERE ${cityMatchCondition(scope, noCityFilters)}
        ORDER BY ${ads.postedAt} DESC NULLS LAST, ${ads.id} DESC LIMIT ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}
