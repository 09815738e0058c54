import {
  ANY_PLACE,
  businessOptions,
  cityChoiceFilters,
  ethnicityOptions,
  incallOptions,
  outcallOptions,
  type CityChoiceFilter,
  citySearchLimits,
  isFilteredCityQuery,
  lifecycle,
  noCityFilters,
  type CityFilters,
} from '@adboard/shared';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { ads, adVisits, cityPublicRows, photos } from '../../db/schema.js';
import {
  cityCardsJson,
  cityCardsOf,
  publicAdCondition,
  publicPhotoCondition,
  tierOrder,
  type CityAdItem,
} from './public-ad-repository.js';

/**
 * The order and the filters of a city page, asked of PostgreSQL for each page (no
 * list of the city's ads is kept in memory): a page reads only its own rows and a
 * bounded count, through the indexes of migration 0021, at any size of city.
 *
 * The recommended order (docs/decisions.md, "The city page's order"):
 *   1. groups: a running premium, then VIP (paid), then free;
 *   2. in each group, the ads marked 'Available now' first, the latest started first
 *      (issue 29);
 *   3. then the ads listed (published or renewed) in the last 24 hours;
 *   4. then a rotation: the ads stand on a circle by a hash of their id
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
  /** The page's cards, in its order. */
  items: CityAdItem[];
  count: MatchCount;
  /** Whether another page follows this one. */
  hasMore: boolean;
}

/**
 * The values of a listing's statement, each a named parameter, and the statement's
 * shape: which parameters and which forms it has. Two requests of one shape (another
 * city, page or word; the same filters) send the same statement text, built and
 * prepared once (`compiledListing`).
 */
class ListingParams {
  readonly values: Record<string, unknown> = {};
  private readonly shape: string[] = [];

  /** `inline`: the values written in the statement (a statement run once, as is). */
  constructor(private readonly inline = false) {}

  /** A value of the statement. */
  value(name: string, value: unknown): SQL {
    this.values[name] = value;
    this.shape.push(name);
    return this.inline ? sql`${value}` : sql`${sql.placeholder(name)}`;
  }

  /** A list of values (`IN (...)`), one parameter each. */
  list(name: string, values: readonly string[]): SQL {
    return sql.join(
      values.map((value, i) => this.value(`${name}${i}`, value)),
      sql`, `,
    );
  }

  /** A form of the statement that carries no value. */
  form(name: string): void {
    this.shape.push(`:${name}`);
  }

  get key(): string {
    return this.shape.join(',');
  }
}

/**
 * Every value a choice column holds, '' for none: the ad form's options (the ad's
 * schema accepts nothing else).
 */
const storedChoices: Record<CityChoiceFilter, readonly string[]> = {
  ethnicity: ['', ...ethnicityOptions.map((option) => option.value)],
  business: ['', ...businessOptions.map((option) => option.value)],
  incalls: ['', ...incallOptions.map((option) => option.value)],
  outcalls: ['', ...outcallOptions.map((option) => option.value)],
};

const choiceColumns = {
  ethnicity: ads.ethnicity,
  business: ads.business,
  incalls: ads.incalls,
  outcalls: ads.outcalls,
} as const;

/** Values of the code's own lists, written in the statement. */
const constants = (values: readonly string[]) =>
  sql.join(
    values.map((value) => {
      if (!/^[a-z_]*$/.test(value)) throw new Error(`not a stored choice: ${value}`);
      return sql.raw(`'${value}'`);
    }),
    sql`, `,
  );

/**
 * The choice filters, said so that ads_city_filters_idx serves them: each of its four
 * columns is asked for a list of values (those wanted, or every stored one when that
 * filter is not used), so the index is read as many short ranges, one per combination
 * (as a skip scan would), and the age as a range within each.
 * 'any' for incalls or outcalls is "offers them at all"; several values are OR-ed.
 */
function choiceConditions(params: ListingParams, filters: CityFilters): SQL[] {
  const used =
    cityChoiceFilters.some((name) => filters[name].length > 0) ||
    filters.ageMin !== null ||
    filters.ageMax !== null;
  if (!used) return [];
  return cityChoiceFilters.map((name) => {
    const column = sql`coalesce(${choiceColumns[name]}, '')`;
    const values = filters[name];
    if (values.length === 0) {
      params.form(`${name}-all`);
      return sql`${column} IN (${constants(storedChoices[name])})`;
    }
    if (values.includes(ANY_PLACE)) {
      params.form(`${name}-any`);
      const offered = storedChoices[name].filter((value) => value !== '' && value !== 'no');
      return sql`${column} IN (${constants(offered)})`;
    }
    // An outcall to "hotel or residence" (stored 'any') goes to hotels too.
    const wanted =
      name === 'outcalls' && values.includes('hotel') ? [...values, ANY_PLACE] : values;
    return sql`${column} IN (${params.list(name, wanted)})`;
  });
}

/** The ad has a photo the public sees / a verification photo a moderator approved. */
const hasPublicPhoto = sql`EXISTS (SELECT 1 FROM ${photos} WHERE ${photos.adId} = ${ads.id} AND ${publicPhotoCondition})`;
const hasVerifiedPhoto = sql`EXISTS (SELECT 1 FROM ${photos} WHERE ${photos.adId} = ${ads.id} AND ${photos.isVerification} AND NOT ${photos.pendingReview})`;

/**
 * The keywords with the city, for ads_city_search_idx (whose entries hold each ad's
 * words and its city's slug): said beside the match's own keyword condition in the
 * count, it lets PostgreSQL read a rare word's ads of this city only.
 */
const keywordInCity = (q: SQL, city: SQL) =>
  sql`(array_to_tsvector(ARRAY[${ads.citySlug}]) || ${ads.searchVector})
    @@ (websearch_to_tsquery('english', ${q}) && quote_literal(${city})::tsquery)`;

/** Up to how many of a city's ads a word may match to be read through its index. */
const RARE_WORD_ADS = 5000;

/**
 * Whether the keywords are rare in the city: how many ads PostgreSQL's statistics
 * expect them to match there (ads_city_words_stats), asked of its planner. A rare word
 * is read through ads_city_search_idx (its few ads); a common one in the page's order,
 * where the first thousand matches come soon (the index would hand over most of the
 * city). The planner alone cannot choose: the word and the city in one condition and
 * the word and the city on their own look independent to it, so a common word looks
 * rare.
 */
async function isRareInCity(pool: pg.Pool, q: string, city: string): Promise<boolean> {
  const { sql: text, params } = dialect.sqlToQuery(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${ads}
         WHERE ${keywordInCity(sql`${q}`, sql`${city}`)} AND ${cityPublicRows}`,
  );
  const { rows } = await pool.query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
    text,
    params,
  );
  return (rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0) <= RARE_WORD_ADS;
}

/** The city's public ads that match the filters (order aside). */
export function cityMatchCondition(
  scope: CityScope,
  filters: CityFilters,
  params: ListingParams = new ListingParams(true),
  /**
   * The keywords read once for the statement (an InitPlan), not again for each ad the
   * filter looks at: for a common word, whose ads are read in the page's order. A rare
   * word's are read through ads_city_search_idx, whose plan needs the call as it is.
   */
  { wordsOnce = false, visitors = false }: { wordsOnce?: boolean; visitors?: boolean } = {},
): SQL {
  const country = params.value('country', scope.countryCode);
  const city = params.value('city', scope.citySlug);
  const place = visitors
    ? // Ads of other cities visiting this one today (issue 29): a few rows of ad_visits.
      sql`${ads.id} IN (SELECT ${adVisits.adId} FROM ${adVisits}
            WHERE ${adVisits.countryCode} = ${country} AND ${adVisits.citySlug} = ${city}
              AND ${adVisits.endsOn} >= ${utcToday} AND ${adVisits.startsOn} <= ${utcToday})`
    : sql`${ads.countryCode} = ${country} AND ${ads.citySlug} = ${city}`;
  const parts: SQL[] = [
    place,
    sql`${ads.siteId} = ${params.value('site', scope.siteId)}`,
    // What the partial indexes hold, said as they say it, so the planner uses them.
    cityPublicRows,
    publicAdCondition,
  ];
  if (filters.q) {
    // The keywords as PostgreSQL reads a search box (quotes, 'or', '-word').
    const words = params.value('q', filters.q);
    const query = sql`websearch_to_tsquery('english', ${words})`;
    parts.push(sql`${ads.searchVector} @@ ${wordsOnce ? sql`(SELECT ${query})` : query}`);
  }
  if (filters.ageMin !== null)
    parts.push(sql`${ads.age} >= ${params.value('ageMin', filters.ageMin)}`);
  if (filters.ageMax !== null)
    parts.push(sql`${ads.age} <= ${params.value('ageMax', filters.ageMax)}`);
  parts.push(...choiceConditions(params, filters));
  if (filters.verified) {
    params.form('verified');
    parts.push(hasVerifiedPhoto);
  }
  if (filters.photos) {
    params.form('photos');
    parts.push(hasPublicPhoto);
  }
  if (filters.available) {
    params.form('available');
    parts.push(availableNow);
  }
  return sql.join(parts, sql` AND `);
}

/** Whether the filters leave out some of the city's ads (the order aside). */
const narrowsCity = (filters: CityFilters) =>
  isFilteredCityQuery({ ...filters, sort: noCityFilters.sort });

const premiumRunning = sql`${ads.premiumUntil} > now()`;
/** The day (UTC) a visit is compared with. */
const utcToday = sql`(now() AT TIME ZONE 'UTC')::date`;
/** 'Available now' runs (issue 29): read from ads_city_available_idx, a few rows a city. */
const availableNow = sql`${ads.availableUntil} > now()`;
const notAvailableNow = sql`(${ads.availableUntil} IS NULL OR ${ads.availableUntil} <= now())`;
const noPremiumRunning = sql`(${ads.premiumUntil} IS NULL OR ${ads.premiumUntil} <= now())`;
const latestAvailableFirst = sql`${ads.availableSince} DESC, ${ads.id} DESC`;
/**
 * Among the visiting ads: those available now first, the latest started first, as one
 * value (a row's key in `orderKey`), then the circle.
 */
const visitorAvailableKey = sql`CASE WHEN ${availableNow} THEN -extract(epoch FROM ${ads.availableSince}) END`;
const visitorOrder = (pivot: SQL) =>
  sql`${visitorAvailableKey} NULLS LAST, ${ads.rotationKey} < ${pivot}, ${ads.rotationKey}, ${ads.id}`;
const freshSince = sql.raw(`now() - interval '${FRESH_HOURS} hours'`);
const fresh = sql`${ads.listedAt} > ${freshSince}`;
const notFresh = sql`(${ads.listedAt} IS NULL OR ${ads.listedAt} <= ${freshSince})`;

/**
 * The page's parts, read in this order (each ordered on its own, by an index of
 * migration 0022 that holds every column the filters ask, so most are read from the
 * index alone; PostgreSQL's Append reads its branches one after the other and the
 * LIMIT stops it as soon as the page is full, so a page never reads the rows after it).
 */
function orderedBranches(match: SQL, visit: SQL, filters: CityFilters, pivot: SQL): SQL[] {
  // The three groups: a running premium, then VIP, then free.
  const groups = [
    premiumRunning,
    sql`${ads.listingGroup} = 1 AND ${noPremiumRunning}`,
    sql`${ads.listingGroup} = 2 AND ${noPremiumRunning}`,
  ];
  const select = (where: SQL, order: SQL, from: SQL = match) =>
    sql`SELECT ${ads.id} FROM ${ads} WHERE ${from} AND ${where} ORDER BY ${order}`;
  // Visiting ads (issue 29) are VIP: the premium and VIP groups only; a few rows, sorted.
  const visitors = (group: SQL, index: number, order: SQL) =>
    index < 2 ? [select(group, order, visit)] : [];
  // The newest first: ads_city_listed_idx (ads_city_premium_listed_idx), read backwards.
  const newestFirst = sql`${ads.listedAt} DESC, ${ads.id} DESC`;
  if (filters.sort === 'newest') {
    return groups.flatMap((group, i) => [
      ...visitors(group, i, newestFirst),
      select(group, newestFirst),
    ]);
  }
  const circle = sql`${ads.rotationKey}, ${ads.id}`;
  return groups.flatMap((group, i) => {
    const rest = sql`${group} AND ${notAvailableNow}`;
    return [
      // 'Available now', the latest started first: ads_city_available_idx, a few entries.
      select(sql`${group} AND ${availableNow}`, latestAvailableFirst),
      // The ads visiting the city today: available now first, then the circle.
      ...visitors(group, i, visitorOrder(pivot)),
      // The last day's ads, newest first: the index read backwards, as far as the page needs.
      select(sql`${rest} AND ${fresh}`, newestFirst),
      // The circle from the pivot to its end, then from its start to the pivot: two
      // ranges of ads_city_rotation_idx (ads_city_premium_idx for the premium group),
      // each read in index order and only as far as the page needs.
      select(sql`${rest} AND ${notFresh} AND ${ads.rotationKey} >= ${pivot}`, circle),
      select(sql`${rest} AND ${notFresh} AND ${ads.rotationKey} < ${pivot}`, circle),
    ];
  });
}

/**
 * The same order as `orderedBranches`, as one sort key: for a set of matches small
 * enough to be read whole (at most the count's cap).
 */
function orderKey(filters: CityFilters, pivot: SQL): SQL {
  const group = tierOrder;
  // A visiting ad's home is another city (visits are to other cities only).
  const isVisitor = sql`(${ads.citySlug} <> ${param('city')})`;
  if (filters.sort === 'newest') {
    return sql`${group}, ${isVisitor} DESC, ${ads.listedAt} DESC, ${ads.id} DESC`;
  }
  const isFresh = sql`(coalesce(${fresh}, false) AND NOT ${isVisitor})`;
  const isAvailable = sql`(coalesce(${availableNow}, false) AND NOT ${isVisitor})`;
  return sql`${group}, ${isAvailable} DESC,
    CASE WHEN ${isAvailable} THEN ${ads.availableSince} END DESC NULLS LAST,
    CASE WHEN ${isAvailable} THEN ${ads.id} END DESC NULLS LAST,
    ${isVisitor} DESC,
    CASE WHEN ${isVisitor} THEN ${visitorAvailableKey} END NULLS LAST,
    ${isFresh} DESC,
    CASE WHEN ${isFresh} THEN ${ads.listedAt} END DESC NULLS LAST,
    CASE WHEN ${isFresh} THEN ${ads.id} END DESC NULLS LAST,
    ${ads.rotationKey} < ${pivot}, ${ads.rotationKey}, ${ads.id}`;
}

const dialect = new PgDialect();

interface Compiled {
  name: string;
  text: string;
  params: unknown[];
}

function compile(query: SQL): Compiled {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // One name per text: each connection parses and plans it once.
  const name = `city_listing_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  return { name, text, params };
}

/** Statements built so far, by shape (bounded: shapes are few, but links are free). */
const compiled = new Map<string, Compiled>();

/** A named parameter of a compiled statement (`fillPlaceholders` gives its value). */
const param = (name: string): SQL => sql`${sql.placeholder(name)}`;
const COMPILED_MAX = 500;

/**
 * The listing's statement for this shape of query, built from the query builder the
 * first time the shape is asked (building and naming it was a good part of a page's
 * cost), with named parameters that `findCityListing` fills.
 *
 * It reads the matches up to the count's cap (by whichever index serves the filters
 * best) and counts them; when they are no more than `wholeUpTo` it sorts them and cuts
 * the page from them, else it reads the page in order, branch by branch (PostgreSQL
 * runs only the arm of the CASE it takes), and writes the page's cards. One statement:
 * the count, the page and its cards see the same ads, in one round trip.
 */
function compiledListing(
  key: string,
  match: SQL,
  /** The same filters for the ads of other cities visiting this one today. */
  visit: SQL,
  filters: CityFilters,
  bounds: {
    limit: number;
    countLimit: number;
    wholeUpTo: number;
    wordIndex: boolean;
    keepMatches: boolean;
  },
): Compiled {
  const known = compiled.get(key);
  if (known) return known;
  const pivot = param('pivot');
  const offset = param('offset');
  // The bounds are written in the text: a plan made once knows how few rows it reads.
  const limit = sql.raw(String(bounds.limit));
  const union = sql.join(
    orderedBranches(match, visit, filters, pivot).map((branch) => sql`(${branch})`),
    sql` UNION ALL `,
  );
  const countLimit = sql.raw(String(bounds.countLimit));
  const wordIndex = bounds.wordIndex ? sql`AND ${keywordInCity(param('q'), param('city'))}` : sql``;
  const sorted = (from: SQL) =>
    sql`ARRAY(SELECT ${ads.id} FROM ${from} ORDER BY ${orderKey(filters, pivot)} LIMIT ${limit} OFFSET ${offset})`;
  // Filtered or searched, the matches are kept as they are counted, and sorted from
  // there when few. The whole city is only counted (keeping a large city's first
  // thousand rows cost more than the count); a small one is read again to be sorted.
  // The city's own ads (through its indexes) and the few visiting it (by ad_visits).
  const columns = sql`${ads.id}, ${ads.citySlug}, ${ads.listingGroup}, ${ads.premiumUntil}, ${ads.listedAt},
                 ${ads.rotationKey}, ${ads.availableUntil}, ${ads.availableSince}`;
  const matches = bounds.keepMatches
    ? sql`matches AS MATERIALIZED (
          (SELECT ${columns} FROM ${ads} WHERE ${match} ${wordIndex} LIMIT ${countLimit})
          UNION ALL (SELECT ${columns} FROM ${ads} WHERE ${visit}))
        , counted AS (SELECT count(*)::int AS n FROM matches)`
    : sql`counted AS (
          SELECT count(*)::int AS n FROM ((SELECT FROM ${ads} WHERE ${match} LIMIT ${countLimit})
            UNION ALL (SELECT FROM ${ads} WHERE ${visit})) AS matches)`;
  const everyMatch = sql`(SELECT ${columns} FROM ${ads} WHERE ${match}
      UNION ALL SELECT ${columns} FROM ${ads} WHERE ${visit}) AS ${ads}`;
  const statement = compile(
    sql`WITH ${matches}
        , page AS MATERIALIZED (
          SELECT n,
                 CASE WHEN n <= ${sql.raw(String(bounds.wholeUpTo))} THEN
                   ${bounds.keepMatches ? sorted(sql`matches AS ${ads}`) : sorted(everyMatch)}
                 ELSE
                   ARRAY(SELECT id FROM (${union}) AS listing LIMIT ${limit} OFFSET ${offset})
                 END AS ids
            FROM counted)
        SELECT n, ids, ${cityCardsJson(sql.raw(`page.ids[1:${bounds.limit - 1}]`), param('city'))} AS cards FROM page`,
  );
  if (compiled.size >= COMPILED_MAX) compiled.clear();
  compiled.set(key, statement);
  return statement;
}

/**
 * One page of a city's ads for these filters, and how many match: a search or a
 * filter that few ads match costs one read of those ads; past the cap ("more than
 * 1,000 ads match") each branch of the order is read only as far as the page needs,
 * so a city of 90,000 ads or a keyword that matches them all costs no more than its
 * first pages.
 *
 * The pool's connections plan it without parallel workers and once per connection
 * (`statementSettings`, db/database.ts): keywords choose their index before, by
 * `isRareInCity`, and the filters' index is read as short ranges whatever they match.
 */
export async function findCityListing(
  pool: pg.Pool,
  scope: CityScope,
  filters: CityFilters,
  page: number,
  now: Date = new Date(),
  /** Up to how many matches the page is cut from all of them (tests lower it to read in order). */
  { sortWholeUpTo = citySearchLimits.countCap }: { sortWholeUpTo?: number } = {},
): Promise<CityListing> {
  const size = lifecycle.cityPageSize;
  const cap = citySearchLimits.countCap;
  const wordIndex = filters.q ? await isRareInCity(pool, filters.q, scope.citySlug) : false;
  const params = new ListingParams();
  const match = cityMatchCondition(scope, filters, params, { wordsOnce: !wordIndex });
  const visit = cityMatchCondition(scope, filters, params, {
    wordsOnce: !wordIndex,
    visitors: true,
  });
  const bounds = {
    limit: size + 1,
    countLimit: cap + 1,
    wholeUpTo: Math.min(sortWholeUpTo, cap),
    wordIndex,
    keepMatches: narrowsCity(filters),
  };
  params.form(
    `${filters.sort}-${bounds.wholeUpTo}${bounds.wordIndex ? '-word-index' : ''}${bounds.keepMatches ? '-kept' : ''}`,
  );
  const statement = compiledListing(params.key, match, visit, filters, bounds);
  const values = { ...params.values, pivot: rotationPivot(now), offset: (page - 1) * size };
  const { rows } = await pool.query<{ n: number; ids: (string | number)[] | null; cards: unknown }>(
    {
      name: statement.name,
      text: statement.text,
      values: fillPlaceholders(statement.params, values),
    },
  );
  const n = Number(rows[0]?.n ?? 0);
  const found = (rows[0]?.ids ?? []).map(Number);
  const count: MatchCount = n <= cap ? { exact: true, n } : { exact: false, atLeast: cap };
  return {
    ids: found.slice(0, size),
    hasMore: found.length > size,
    count,
    items: cityCardsOf(rows[0]?.cards ?? []),
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
