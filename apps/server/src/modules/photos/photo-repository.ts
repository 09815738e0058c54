import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, photos } from '../../db/schema.js';
import { ownerBannedSqlOf } from '../ad-lifecycle/ad-state-queries.js';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhotoRow = typeof photos.$inferInsert;

/** The marks a photo may carry, at most one photo of an ad each. */
export type PhotoMark = 'isPrimary' | 'isVerification';

export async function listPhotos(db: Db, adId: number): Promise<PhotoRow[]> {
  return db.select().from(photos).where(eq(photos.adId, adId)).orderBy(asc(photos.position));
}

/** What serving a photo file depends on, read in one query. */
export interface PhotoServing {
  /** The ad is public (the view `public_ads`) and the photo is neither its verification photo nor waiting for review. */
  isPublic: boolean;
  adDeleted: boolean;
  /** The owner's ban, or for an anonymous ad a banned account with its email (as the ad policy reads it). */
  ownerBanned: boolean;
}

/** The photo's serving facts; undefined when no row has this id under this ad (deleted at once). */
export async function findPhotoServing(
  db: Db,
  adId: number,
  photoId: string,
): Promise<PhotoServing | undefined> {
  const [row] = await db
    .select({
      isPublic: sql<boolean>`(NOT ${photos.isVerification} AND NOT ${photos.pendingReview}
        AND EXISTS (SELECT 1 FROM public_ads p WHERE p.id = ${photos.adId}))`,
      adDeleted: sql<boolean>`(${ads.status} = 'deleted' OR ${ads.deletedAt} IS NOT NULL)`,
      ownerBanned: sql<boolean>`${sql.raw(ownerBannedSqlOf('"ads"'))}`,
    })
    .from(photos)
    .innerJoin(ads, eq(ads.id, photos.adId))
    .where(and(eq(photos.id, photoId), eq(photos.adId, adId)));
  return row
    ? {
        isPublic: Boolean(row.isPublic),
        adDeleted: Boolean(row.adDeleted),
        ownerBanned: Boolean(row.ownerBanned),
      }
    : undefined;
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
