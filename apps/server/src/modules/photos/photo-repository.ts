import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, photos, users } from '../../db/schema.js';

export type PhotoRow = typeof photos.$inferSelect;

export async function listPhotos(db: Db, adId: number): Promise<PhotoRow[]> {
  return db.select().from(photos).where(eq(photos.adId, adId)).orderBy(asc(photos.position));
}

/**
 * Whether a photo may still be served: its row exists (a deleted photo is gone at
 * once, before the sweep removes its files), its ad is not deleted and the ad's
 * owner is not banned. Who sees which ad is the pages' business; this only stops
 * serving pictures nobody may see any more.
 */
export async function isServablePhoto(db: Db, adId: number, photoId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .innerJoin(ads, eq(ads.id, photos.adId))
    .leftJoin(users, eq(users.id, ads.ownerId))
    .where(
      and(
        eq(photos.id, photoId),
        eq(photos.adId, adId),
        ne(ads.status, 'deleted'),
        isNull(users.bannedAt),
      ),
    );
  return row !== undefined;
}
