import { and, asc, desc, eq, gt, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, cities, photos, users } from '../../db/schema.js';

/**
 * The one visibility rule of the public pages (DECISIONS.md): approved, not expired,
 * not deleted, and owned by an account that is not banned (an anonymous ad goes
 * public only once its poster has an account). Every public read uses this.
 */
export const publicAdCondition: SQL = and(
  eq(ads.status, 'active'),
  isNull(ads.deletedAt),
  or(isNull(ads.expiresAt), gt(ads.expiresAt, sql`now()`)),
  sql`exists (select 1 from ${users} where ${users.id} = ${ads.ownerId} and ${users.bannedAt} is null)`,
) as SQL;

/** Premium (while it runs) first, then VIP, then free. */
const tierOrder = sql<number>`case when ${ads.premiumUntil} > now() then 0 when ${ads.type} in ('paid', 'premium') then 1 else 2 end`;

export interface PublicCity {
  countryCode: string;
  slug: string;
  name: string;
  region: string;
}

/** The city a host names. Slugs are unique across countries in the shipped data; the first wins. */
export async function findCityBySlug(db: Db, slug: string): Promise<PublicCity | undefined> {
  const [row] = await db
    .select({
      countryCode: cities.countryCode,
      slug: cities.slug,
      name: cities.name,
      region: cities.region,
    })
    .from(cities)
    .where(eq(cities.slug, slug))
    .orderBy(asc(cities.countryCode))
    .limit(1);
  return row;
}

export interface PagePhoto {
  id: string;
  adId: number;
}

/** Photos the public sees: never the verification photo; the primary one first. */
async function listPublicPhotos(db: Db, adId: number): Promise<PagePhoto[]> {
  return db
    .select({ id: photos.id, adId: photos.adId })
    .from(photos)
    .where(and(eq(photos.adId, adId), not(photos.isVerification)))
    .orderBy(desc(photos.isPrimary), asc(photos.position));
}

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
  email: string;
  ethnicity: string | null;
  business: string | null;
  incalls: string | null;
  outcalls: string | null;
  postedAt: Date | null;
  expiresAt: Date | null;
  /** Whether the public may see it now (the rule above, evaluated by the database). */
  isPublic: boolean;
  photos: PagePhoto[];
}

/** What the details page prints, public or not (the caller decides who may see it). */
export async function findAdPage(db: Db, id: number): Promise<AdPageData | undefined> {
  const [row] = await db
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
      email: ads.email,
      ethnicity: ads.ethnicity,
      business: ads.business,
      incalls: ads.incalls,
      outcalls: ads.outcalls,
      postedAt: ads.postedAt,
      expiresAt: ads.expiresAt,
      isPublic: sql<boolean>`(${publicAdCondition})`,
    })
    .from(ads)
    .innerJoin(cities, and(eq(cities.countryCode, ads.countryCode), eq(cities.slug, ads.citySlug)))
    .where(eq(ads.id, id));
  if (!row || row.status === 'deleted' || row.deletedAt) return undefined;
  const { deletedAt: _deletedAt, ...ad } = row;
  return { ...ad, isPublic: Boolean(ad.isPublic), photos: await listPublicPhotos(db, id) };
}

export interface CityAdItem {
  id: number;
  title: string;
  age: number;
  tier: number;
  postedAt: Date | null;
  expiresAt: Date | null;
  premiumUntil: Date | null;
  thumb: PagePhoto | null;
}

export interface CityAdPage {
  items: CityAdItem[];
  hasNext: boolean;
}

/** One page of a city's public ads of one site, premium > VIP > free, newest first in a tier. */
export async function listCityAds(
  db: Db,
  where: { siteId: string; countryCode: string; citySlug: string },
  page: number,
  pageSize: number,
): Promise<CityAdPage> {
  const rows = await db
    .select({
      id: ads.id,
      title: ads.title,
      age: ads.age,
      tier: tierOrder,
      postedAt: ads.postedAt,
      expiresAt: ads.expiresAt,
      premiumUntil: ads.premiumUntil,
    })
    .from(ads)
    .where(
      and(
        eq(ads.countryCode, where.countryCode),
        eq(ads.citySlug, where.citySlug),
        eq(ads.siteId, where.siteId),
        publicAdCondition,
      ),
    )
    .orderBy(tierOrder, sql`${ads.postedAt} desc nulls last`, desc(ads.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const shown = rows.slice(0, pageSize);
  const thumbs = new Map<number, PagePhoto>();
  if (shown.length > 0) {
    const found = await db
      .selectDistinctOn([photos.adId], { id: photos.id, adId: photos.adId })
      .from(photos)
      .where(
        and(
          inArray(
            photos.adId,
            shown.map((r) => r.id),
          ),
          not(photos.isVerification),
        ),
      )
      .orderBy(photos.adId, desc(photos.isPrimary), asc(photos.position));
    for (const photo of found) thumbs.set(photo.adId, photo);
  }
  return {
    items: shown.map((row) => ({
      ...row,
      tier: Number(row.tier),
      thumb: thumbs.get(row.id) ?? null,
    })),
    hasNext: rows.length > pageSize,
  };
}
