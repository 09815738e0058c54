import type { Photo } from '@adboard/shared';
import type { PhotoRow } from './photo-repository.js';

/** The widths every photo is stored at (WebP, metadata stripped). */
export const DISPLAY_WIDTH = 1600;
export const THUMB_WIDTH = 400;

export function photoKey(adId: number, photoId: string, width: number): string {
  return `${adId}/${photoId}-${width}.webp`;
}

export function photoUrl(row: Pick<PhotoRow, 'adId' | 'id'>, width = DISPLAY_WIDTH): string {
  return `/photos/${photoKey(row.adId, row.id, width)}`;
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
