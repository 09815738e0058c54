import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, photos, users } from '../../db/schema.js';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhotoRow = typeof photos.$inferInsert;

/** The marks a photo may carry, at most one photo of an ad each. */
export type PhotoMark = 'isPrimary' | 'isVerification';

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

export async function insertPhotos(db: Db, rows: NewPhotoRow[]): Promise<void> {
  await db.insert(photos).values(rows);
}

/** Moves the mark to one photo of the ad, or takes it from all of them (`photoId` null). */
export async function setPhotoMark(
  db: Db,
  adId: number,
  mark: PhotoMark,
  photoId: string | null,
): Promise<void> {
  await db
    .update(photos)
    .set({ [mark]: false })
    .where(eq(photos.adId, adId));
  if (photoId) {
    await db
      .update(photos)
      .set({ [mark]: true })
      .where(and(eq(photos.adId, adId), eq(photos.id, photoId)));
  }
}

export async function deletePhotoRow(db: Db, photoId: string): Promise<void> {
  await db.delete(photos).where(eq(photos.id, photoId));
}

/** Which of these photo ids still have a row (asked 500 at a time). */
export async function findExistingPhotoIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: photos.id })
      .from(photos)
      .where(inArray(photos.id, ids.slice(i, i + 500)));
    for (const row of rows) known.add(row.id);
  }
  return known;
}
