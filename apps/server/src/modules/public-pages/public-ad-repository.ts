import type { ContactKind, PlannedVisit, Rate, WeekHours } from '@adboard/shared';
import { and, asc, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, cities, photos } from '../../db/schema.js';
import { createTtlMemo } from './ttl-memo.js';

/**
 * The one visibility rule of the public pages (DECISIONS.md): approved, not expired,
 * not deleted, and owned by an account that is not banned (an anonymous ad goes
 * public only once its poster has an account). Every public read uses this.
 */
export const publicAdCondition: SQL = and(
  // The lifecycle's definition (modules/ad-lifecycle/ad-state-repository.ts), inlined by PostgreSQL.
  sql`ad_is_visible(${ads.status}, ${ads.deletedAt}, ${ads.expiresAt})`,
  // The owner: an account (an anonymous ad is not public), not banned: `owner_shown`,
  // the ban as kept on the ad by migration 0022's triggers (so a list of ads is read
  // from its index without asking users for each).
  sql`${ads.ownerShown}`,
) as SQL;

/** Premium (while it runs) first, then VIP, then free (`listing_group`, migration 0021). */
export const tierOrder = sql<number>`case when ${ads.premiumUntil} > now() then 0 else ${ads.listingGroup} end`;

/** A photo the public sees: not the verification photo, not waiting for review with an edit. */
export const publicPhotoCondition: SQL = and(
  not(photos.isVerification),
  not(photos.pendingReview),
) as SQL;

export interface PublicCity {
  countryCode: string;
  slug: string;
  name: string;
  region: string;
}

/** The city a host names. Slugs are unique across countries in the shipped data; the first wins. */
export async function findCityBySlug(db: Db, slug: string): Promise<PublicCity | undefined> {
  const memo = cityMemoOf(db);
  const kept = memo.peek(slug) ?? (await memo.fill(slug, () => loadCity(db, slug)));
  return kept.value ?? undefined;
}

/**
 * Cities are the shipped list, written when the server starts (seed-locations.ts),
 * never by a request: each server keeps the ones its hosts name for a minute
 * (a deploy that adds one shows it within that minute on every server).
 */
const CITY_KEPT_MS = 60_000;
const CITY_MEMO_ENTRIES = 2_000;
const cityMemoOf = perDatabase(() =>
  createTtlMemo<PublicCity | null>({ ttlMs: CITY_KEPT_MS, maxEntries: CITY_MEMO_ENTRIES }),
);

async function loadCity(db: Db, slug: string) {
  const [row] = await cityQueriesOf(db).city.execute({ slug });
  return { value: row ?? null, validUntil: null };
}

export interface PagePhoto {
  id: string;
  adId: number;
}

/** A photo with its stored size (of the largest file), so a page reserves its room. */
export interface SizedPhoto extends PagePhoto {
  width: number;
  height: number;
}

/** A photo of the ad's row; whether the public may see it is public-ad-view.ts's to say. */
export interface AdPagePhoto extends SizedPhoto {
  isVerification: boolean;
}

/** Whether an ad shows a badge: premium while its time runs, VIP for a paid ad. */
export type AdBadge = 'premium' | 'vip' | null;

export function badgeOfTier(tier: number): AdBadge {
  return tier === 0 ? 'premium' : tier === 1 ? 'vip' : null;
}

/**
 * The details page's two queries, built once per database handle and run as
 * prepared statements: the query builder and PostgreSQL's planner were most of
 * an uncached page's cost (docs/benchmarks.md).
 */
function prepareAdPageQueries(db: Db) {
  const id = sql.placeholder('id');
  return {
    ad: db
      .select({
        id: ads.id,
        siteId: ads.siteId,
        status: ads.status,
        deletedAt: ads.deletedAt,
        countryCode: ads.countryCode,
        citySlug: ads.citySlug,
        cityName: cities.name,
        region: cities.region,
        title: ads.title,
        descriptionHtml: ads.descriptionHtml,
        descriptionText: ads.descriptionText,
        name: ads.name,
        age: ads.age,
        phone: ads.phone,
        phoneE164: ads.phoneE164,
        email: ads.email,
        publicContacts: ads.publicContacts,
        rates: ads.rates,
        hours: ads.hours,
        ethnicity: ads.ethnicity,
        business: ads.business,
        incalls: ads.incalls,
        outcalls: ads.outcalls,
        postedAt: ads.postedAt,
        expiresAt: ads.expiresAt,
        tier: tierOrder,
        premiumUntil: ads.premiumUntil,
        availableUntil:
          sql<Date | null>`CASE WHEN ${ads.availableUntil} > now() THEN ${ads.availableUntil} END`.mapWith(
            ads.availableUntil,
          ),
        isPublic: sql<boolean>`(${publicAdCondition})`,
        // Its visits to other cities not over yet (issue 29), first first.
        visits: sql<PlannedVisit[]>`(
          SELECT coalesce(json_agg(json_build_object('city', v.city_slug, 'cityName', c.name,
                   'from', v.starts_on, 'to', v.ends_on) ORDER BY v.starts_on), '[]'::json)
            FROM ad_visits v JOIN cities c ON c.country_code = v.country_code AND c.slug = v.city_slug
           WHERE v.ad_id = ${ads.id} AND v.ends_on >= (now() AT TIME ZONE 'UTC')::date)`,
      })
      .from(ads)
      .innerJoin(
        cities,
        and(eq(cities.countryCode, ads.countryCode), eq(cities.slug, ads.citySlug)),
      )
      .where(eq(ads.id, id))
      .prepare('public_ad_page'),
    // The ad's photos, the primary one first; never one waiting for review with an edit.
    photos: db
      .select({
        id: photos.id,
        adId: photos.adId,
        isVerification: photos.isVerification,
        width: photos.width,
        height: photos.height,
      })
      .from(photos)
      .where(and(eq(photos.adId, id), not(photos.pendingReview)))
      .orderBy(desc(photos.isPrimary), asc(photos.position))
      .prepare('public_ad_photos'),
  };
}

/** What `make` builds from a database handle, built once per handle. */
function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

const adPageQueriesOf = perDatabase(prepareAdPageQueries);

/**
 * The row behind the details page, personal columns included (the ad's email,
 * the verification photo): never rendered as it is, only through
 * `toPublicAdView` (public-ad-view.ts), which keeps what the public may see.
 */
export interface AdPageData {
  id: number;
  siteId: string;
  status: string;
  countryCode: string;
  citySlug: string;
  cityName: string;
  region: string;
  title: string;
  descriptionHtml: string;
  descriptionText: string;
  name: string;
  age: number;
  phone: string;
  /** The phone in E.164 when it parsed (links dial it); null or '' otherwise. */
  phoneE164: string | null;
  email: string;
  /** Which of the phone (call, text) and the email the poster chose to show. */
  publicContacts: ContactKind[];
  ethnicity: string | null;
  business: string | null;
  incalls: string | null;
  outcalls: string | null;
  rates: Rate[];
  hours: WeekHours | null;
  postedAt: Date | null;
  expiresAt: Date | null;
  /** 0 premium (running), 1 VIP, 2 free: the city page's tiers. */
  tier: number;
  premiumUntil: Date | null;
  /** 'Available now' until then; null when it is not running. */
  availableUntil: Date | null;
  /** Whether the public may see it now (the rule above, evaluated by the database). */
  isPublic: boolean;
  /** Its visits to other cities not over yet, first first (issue 29). */
  visits: PlannedVisit[];
  photos: AdPagePhoto[];
}

/** The details page's ad, public or not (the caller decides who may see it). */
export async function findAdPage(db: Db, id: number): Promise<AdPageData | undefined> {
  const queries = adPageQueriesOf(db);
  const [row] = await queries.ad.execute({ id });
  if (!row || row.status === 'deleted' || row.deletedAt) return undefined;
  const { deletedAt: _deletedAt, ...ad } = row;
  return {
    ...ad,
    tier: Number(ad.tier),
    isPublic: Boolean(ad.isPublic),
    photos: await queries.photos.execute({ id }),
  };
}

export interface CityAdItem {
  id: number;
  title: string;
  age: number;
  tier: number;
  postedAt: Date | null;
  expiresAt: Date | null;
  premiumUntil: Date | null;
  /** 'Available now' until then; null when it is not running. */
  availableUntil: Date | null;
  /**
   * An ad of another city visiting this one: its visit's first and last day (UTC) and
   * its home city (whose host shows its page).
   */
  visit: { from: string; to: string; home: string } | null;
  thumb: SizedPhoto | null;
}

/**
 * The city of a city page, asked once per database handle as a prepared statement
 * (a city page is read on every visit; its cards come with its listing).
 */
function prepareCityQueries(db: Db) {
  return {
    city: db
      .select({
        countryCode: cities.countryCode,
        slug: cities.slug,
        name: cities.name,
        region: cities.region,
      })
      .from(cities)
      .where(eq(cities.slug, sql.placeholder('slug')))
      .orderBy(asc(cities.countryCode))
      .limit(1)
      .prepare('public_city'),
  };
}

const cityQueriesOf = perDatabase(prepareCityQueries);

/**
 * The cards of the ads that `ids` (a bigint[] expression) lists, in its order, as one
 * JSON array (`cityCardsOf` reads it), each with its ad's first public photo (the
 * primary one, else the first). Said inside the statement that chose the ids
 * (city-listing-repository.ts), which saw them public in the same snapshot.
 */
export function cityCardsJson(ids: SQL, city: SQL): SQL {
  // Written qualified: the query builder leaves a one-table select's columns bare.
  const thumb = sql`(
    SELECT json_build_object('id', photos.id, 'width', photos.width, 'height', photos.height)
      FROM photos
     WHERE photos.ad_id = ads.id AND ${publicPhotoCondition}
     ORDER BY photos.is_primary DESC, photos.position LIMIT 1)`;
  return sql`(
    SELECT coalesce(json_agg(json_build_object(
             'id', ads.id, 'title', ads.title, 'age', ads.age, 'tier', ${tierOrder},
             'postedAt', ads.posted_at, 'expiresAt', ads.expires_at,
             'premiumUntil', ads.premium_until,
             'availableUntil', CASE WHEN ads.available_until > now() THEN ads.available_until END,
             'visit', ${visitJson(city)},
             'thumb', ${thumb}
           ) ORDER BY card.position), '[]'::json)
      FROM unnest(${ids}) WITH ORDINALITY AS card(id, position)
      JOIN ${ads} ON ${ads.id} = card.id)`;
}

/** The visit that lists an ad of another city on this city's page today (issue 29). */
const visitJson = (city: SQL) => sql`CASE WHEN ads.city_slug <> ${city} THEN (
    SELECT json_build_object('from', v.starts_on, 'to', v.ends_on, 'home', ads.city_slug)
      FROM ad_visits v
     WHERE v.ad_id = ads.id AND v.city_slug = ${city}
       AND v.starts_on <= (now() AT TIME ZONE 'UTC')::date
       AND v.ends_on >= (now() AT TIME ZONE 'UTC')::date
     LIMIT 1) END`;

/** A card as `cityCardsJson` writes it. */
interface CardJson {
  id: number;
  title: string;
  age: number;
  tier: number;
  postedAt: string | null;
  expiresAt: string | null;
  premiumUntil: string | null;
  availableUntil: string | null;
  visit: { from: string; to: string; home: string } | null;
  thumb: Omit<SizedPhoto, 'adId'> | null;
}

const dateOf = (value: string | null) => (value === null ? null : new Date(value));

/** The cards `cityCardsJson` wrote (pg hands its JSON over parsed). */
export function cityCardsOf(json: unknown): CityAdItem[] {
  return (json as CardJson[]).map((card) => ({
    id: Number(card.id),
    title: card.title,
    age: card.age,
    tier: card.tier,
    postedAt: dateOf(card.postedAt),
    expiresAt: dateOf(card.expiresAt),
    premiumUntil: dateOf(card.premiumUntil),
    availableUntil: dateOf(card.availableUntil),
    visit: card.visit,
    thumb: card.thumb ? { ...card.thumb, adId: Number(card.id) } : null,
  }));
}

/** Whether the ad is public and shown on this site's city host. */
export async function isPublicAdOnHost(
  db: Db,
  adId: number,
  host: { siteId: string; citySlug: string },
): Promise<boolean> {
  const [ad] = await db
    .select({ id: ads.id })
    .from(ads)
    .where(
      and(
        eq(ads.id, adId),
        eq(ads.siteId, host.siteId),
        eq(ads.citySlug, host.citySlug),
        publicAdCondition,
      ),
    );
  return ad !== undefined;
}

/** The sitemap index of a site's app host: its cities with at least one public ad. */
export async function listCitiesWithAds(db: Db, siteId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ citySlug: ads.citySlug })
    .from(ads)
    .where(and(eq(ads.siteId, siteId), publicAdCondition))
    .orderBy(asc(ads.citySlug))
    .limit(limit);
  return rows.map((row) => row.citySlug);
}
