import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, paymentOrders, users } from '../../db/schema.js';
import type { ActorUser } from '../../domain/actor.js';

/** An account as the console reads it (no actor facts). */
type UserRow = Omit<ActorUser, 'hasSecondFactor'>;
import { queryRows } from './sql-rows-repository.js';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The ad's payment orders, newest first. */
export function listPaymentOrdersOfAd(db: Db, adId: number): Promise<PaymentOrderRow[]> {
  return db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.adId, adId))
    .orderBy(desc(paymentOrders.createdAt));
}

/**
 * The poster's other ads, deleted ones included, newest first (at most 100): the
 * owner's, or for an ad without an account, the other ads without one under its email.
 */
export function listOtherAdsOfPoster(
  db: Db,
  ad: { id: number; ownerId: string | null; emailNormalized: string },
) {
  const samePoster = ad.ownerId
    ? eq(ads.ownerId, ad.ownerId)
    : and(isNull(ads.ownerId), eq(ads.emailNormalized, ad.emailNormalized));
  return db
    .select({ id: ads.id, title: ads.title, status: ads.status, type: ads.type })
    .from(ads)
    .where(and(samePoster, ne(ads.id, ad.id)))
    .orderBy(desc(ads.createdAt), desc(ads.id))
    .limit(100);
}

/**
 * How many other posters' ads carry the ad's phone (another email), and how many
 * ads of other accounts carry its email.
 */
export async function countContactsElsewhere(
  db: Db,
  ad: { id: number; phoneE164: string | null; emailNormalized: string; ownerId: string | null },
): Promise<{ phone: number; email: number }> {
  const [counts] = await queryRows<{ phone: number; email: number }>(
    db,
    `SELECT
       (SELECT count(*)::int FROM ads x
          WHERE $2::text IS NOT NULL AND x.phone_e164 = $2 AND x.id <> $1
            AND x.email_normalized <> $3) AS phone,
       (SELECT count(*)::int FROM ads x
          WHERE x.email_normalized = $3 AND x.id <> $1 AND x.owner_id IS NOT NULL
            AND x.owner_id IS DISTINCT FROM $4::uuid) AS email`,
    [ad.id, ad.phoneE164, ad.emailNormalized, ad.ownerId],
  );
  return { phone: counts?.phone ?? 0, email: counts?.email ?? 0 };
}

export interface SamePictureRow {
  phash: string;
  ad_id: string;
  owner_email: string | null;
  /** Under another email than `emailNormalized`. */
  other_poster: boolean;
}

/**
 * Other ads with a photo of one of these perceptual hashes (exact match), newest
 * ad first, at most 200 rows.
 */
export function listSamePictureAds(
  db: Db,
  ad: { id: number; emailNormalized: string },
  phashes: string[],
): Promise<SamePictureRow[]> {
  return queryRows<SamePictureRow>(
    db,
    `SELECT DISTINCT px.phash, x.id AS ad_id, coalesce(u.email, x.email) AS owner_email,
            x.email_normalized <> $3 AS other_poster
     FROM photos px
     JOIN ads x ON x.id = px.ad_id
     LEFT JOIN users u ON u.id = x.owner_id
     WHERE px.phash = ANY($2::text[]) AND px.ad_id <> $1
     ORDER BY x.id DESC
     LIMIT 200`,
    [ad.id, phashes, ad.emailNormalized],
  );
}
