import type { Photo } from '@adboard/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { photos } from '../../db/schema.js';

export type PhotoRow = typeof photos.$inferSelect;

export const DISPLAY_WIDTH = 1600;
export const THUMB_WIDTH = 400;

export function photoKey(adId: number, photoId: string, width: number): string {
  return `${adId}/${photoId}-${width}.webp`;
}

export function photoUrl(row: Pick<PhotoRow, 'adId' | 'id'>, width = DISPLAY_WIDTH): string {
  return `/photos/${photoKey(row.adId, row.id, width)}`;
}

export async function listPhotos(db: Db, adId: number): Promise<PhotoRow[]> {
  return db.select().from(photos).where(eq(photos.adId, adId)).orderBy(asc(photos.position));
}

/** The ad's photo list as every photo call answers it. */
export function presentPhotos(rows: PhotoRow[]): Photo[] {
  return rows.map((row) => ({
    photo_id: row.id,
    url: photoUrl(row),
    primary: row.isPrimary,
    verification: row.isVerification,
  }));
}
