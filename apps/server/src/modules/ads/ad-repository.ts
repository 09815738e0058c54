import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  adRevisions,
  ads,
  analyticsEvents,
  cities,
  countries,
  phoneCodes,
  photos,
} from '../../db/schema.js';

export type AdRow = typeof ads.$inferSelect;

export interface AdWithPlace {
  ad: AdRow;
  city: { name: string; region: string; tier: number };
  countryName: string;
}

export async function findAd(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AdRow | undefined> {
  const query = db
    .select()
    .from(ads)
    .where(eq(ads.id, Number(id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * Whether another ad holds this backlink (one ad per link, deleted ads free
 * theirs), or an edit of another live ad waiting for review asks for it.
 */
export async function isBacklinkHeldElsewhere(
  db: Db,
  backlinkKey: string,
  adId: number | null,
): Promise<boolean> {
  const other = adId === null ? sql`true` : ne(ads.id, adId);
  const [row] = await db
    .select({ held: sql<boolean>`true` })
    .from(ads)
    .where(and(eq(ads.backlinkKey, backlinkKey), ne(ads.status, 'deleted'), other))
    .union(
      db
        .select({ held: sql<boolean>`true` })
        .from(adRevisions)
        .where(
          and(
            eq(adRevisions.state, 'pending'),
            sql`${adRevisions.fields}->>'backlinkKey' = ${backlinkKey}`,
            adId === null ? sql`true` : ne(adRevisions.adId, adId),
          ),
        ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findAdWithPlace(db: Db, id: string): Promise<AdWithPlace | undefined> {
  const [row] = await db
    .select({
      ad: ads,
      city: { name: cities.name, region: cities.region, tier: cities.tier },
      countryName: countries.name,
    })
    .from(ads)
    .innerJoin(cities, and(eq(cities.countryCode, ads.countryCode), eq(cities.slug, ads.citySlug)))
    .innerJoin(countries, eq(countries.code, ads.countryCode))
    .where(eq(ads.id, Number(id)));
  return row;
}

/** What one row of My Posts shows: only these columns, not the whole ad. */
export interface AdListItem {
  id: number;
  title: string;
  status: AdRow['status'];
  type: AdRow['type'];
  product: string | null;
  citySlug: string;
  countryCode: string;
  postedAt: Date | null;
  expiresAt: Date | null;
  premiumUntil: Date | null;
  paid: boolean;
  paidDays: number;
  premiumDays: number;
  pendingRevision: boolean;
  rejectionCode: string | null;
  rejectionReason: string | null;
  refundOffered: boolean;
  cityName: string;
  region: string;
  pausedAt: Date | null;
  startsOn: string | null;
  availableUntil: Date | null;
  availableStarts: Date[];
}

/** My Posts: the owner's ads of one site (a brand never lists, or names, another's ads). */
/** My Posts' query, built once per database handle and run as a prepared statement. */
function prepareOwnedAds(db: Db) {
  return db
    .select({
      id: ads.id,
      title: ads.title,
      status: ads.status,
      type: ads.type,
      product: ads.product,
      citySlug: ads.citySlug,
      countryCode: ads.countryCode,
      postedAt: ads.postedAt,
      expiresAt: ads.expiresAt,
      premiumUntil: ads.premiumUntil,
      paid: ads.paid,
      paidDays: ads.paidDays,
      premiumDays: ads.premiumDays,
      pendingRevision: sql<boolean>`EXISTS (SELECT 1 FROM ad_revisions r WHERE r.ad_id = "ads"."id" AND r.state = 'pending')`,
      rejectionCode: ads.rejectionCode,
      rejectionReason: ads.rejectionReason,
      refundOffered: sql<boolean>`EXISTS (SELECT 1 FROM refunds f WHERE f.ad_id = "ads"."id" AND f.state = 'offered')`,
      cityName: cities.name,
      region: cities.region,
      pausedAt: ads.pausedAt,
      startsOn: ads.startsOn,
      availableUntil: ads.availableUntil,
      availableStarts: ads.availableStarts,
    })
    .from(ads)
    .innerJoin(cities, and(eq(cities.countryCode, ads.countryCode), eq(cities.slug, ads.citySlug)))
    .where(
      and(
        eq(ads.ownerId, sql.placeholder('ownerId')),
        eq(ads.siteId, sql.placeholder('siteId')),
        ne(ads.status, 'deleted'),
      ),
    )
    .orderBy(desc(ads.createdAt), desc(ads.id))
    .prepare('my_ads');
}

const ownedAdsQueries = new WeakMap<Db, ReturnType<typeof prepareOwnedAds>>();

export async function listOwnedAds(db: Db, ownerId: string, siteId: string): Promise<AdListItem[]> {
  let query = ownedAdsQueries.get(db);
  if (!query) {
    query = prepareOwnedAds(db);
    ownedAdsQueries.set(db, query);
  }
  return query.execute({ ownerId, siteId });
}

export type NewAdRow = typeof ads.$inferInsert;

/** Stores a new ad; answers its id (never reused: the sequence only moves on). */
export async function insertAd(db: Db, row: NewAdRow): Promise<number> {
  const [inserted] = await db.insert(ads).values(row).returning({ id: ads.id });
  if (!inserted) throw new Error('ad insert returned no row');
  return inserted.id;
}

export async function cityExists(db: Db, country: string, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.countryCode, country), eq(cities.slug, slug)));
  return Boolean(row);
}

/**
 * Gives a user the ads posted without an account under their email (not deleted);
 * `verifiedOnly`: only those whose email was confirmed; `confirmEmail`: marks the
 * ads' email confirmed now where it was not. Answers how many ads it gave.
 */
export async function claimAnonymousAds(
  db: Db,
  user: { id: string; emailNormalized: string },
  options: { verifiedOnly: boolean; confirmEmail: boolean },
): Promise<number> {
  const claimed = await db
    .update(ads)
    .set({
      ownerId: user.id,
      ...(options.confirmEmail
        ? { emailVerifiedAt: sql`coalesce(${ads.emailVerifiedAt}, now())` }
        : {}),
    })
    .where(
      and(
        isNull(ads.ownerId),
        eq(ads.emailNormalized, user.emailNormalized),
        ne(ads.status, 'deleted'),
        ...(options.verifiedOnly ? [isNotNull(ads.emailVerifiedAt)] : []),
      ),
    )
    .returning({ id: ads.id });
  return claimed.length;
}

/**
 * Overwrites the personal data of a deleted ad (and only of a deleted one).
 * Answers whether it did, that is whether the ad is deleted.
 */
export async function wipeDeletedAdContent(db: Db, adId: number): Promise<boolean> {
  const purged = await db
    .update(ads)
    .set({
      title: '[deleted]',
      descriptionHtml: '',
      descriptionText: '',
      name: '[deleted]',
      phone: '',
      phoneE164: null,
      email: '[deleted]',
      emailNormalized: `deleted-${adId}`,
      backlink: null,
      backlinkKey: null,
      flags: [],
    })
    .where(and(eq(ads.id, adId), eq(ads.status, 'deleted')))
    .returning({ id: ads.id });
  return purged.length > 0;
}

/** The ad's photo rows (their files stay until the photo-file sweep). */
export async function deletePhotosOfAd(db: Db, adId: number): Promise<void> {
  await db.delete(photos).where(eq(photos.adId, adId));
}

export async function deletePhoneCodesOfAd(db: Db, adId: number): Promise<void> {
  await db.delete(phoneCodes).where(eq(phoneCodes.adId, adId));
}

/** Every edit of the ad, waiting, refused or applied. */
export async function deleteRevisionsOfAd(db: Db, adId: number): Promise<void> {
  await db.delete(adRevisions).where(eq(adRevisions.adId, adId));
}

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

export async function insertAnalyticsEvent(db: Db, event: NewAnalyticsEvent): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}
