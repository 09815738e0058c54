import type { Photo } from '@adboard/shared';
import type { PhotoLinkScope, PhotoLinks } from './photo-links.js';
import type { PhotoRow } from './photo-repository.js';

/**
 * The widths every photo is stored at (WebP, metadata stripped), largest first: the
 * largest is the photo shown and shared, the smallest the thumbnail, and the page
 * offers them all so a phone loads the 800 (render-ad-page.ts).
 */
export const PHOTO_WIDTHS = [1600, 800, 400] as const;
export const DISPLAY_WIDTH: number = Math.max(...PHOTO_WIDTHS);
export const THUMB_WIDTH: number = Math.min(...PHOTO_WIDTHS);

export function photoKey(adId: number, photoId: string, width: number): string {
  return `${adId}/${photoId}-${width}.webp`;
}

/** The public URL: it loads only while the photo is public (photo-file-routes.ts). */
export function photoUrl(row: Pick<PhotoRow, 'adId' | 'id'>, width = DISPLAY_WIDTH): string {
  return `/photos/${photoKey(row.adId, row.id, width)}`;
}

/** Where a page loads a photo from at one of its stored widths. */
export type PhotoSrc = (photo: Pick<PhotoRow, 'adId' | 'id'>, width: number) => string;

/**
 * Where the public pages load a public photo from: `{PHOTO_PUBLIC_URL}/{key}` when
 * a CDN stands in front of the site's /photos path, else the site's own URL. Either
 * way the site answers it only while the photo is public (photo-file-routes.ts):
 * the CDN's origin is the site, never the bucket. Owners and moderators get
 * signed links instead (signedPhotoUrl), never this.
 */
export function publicPhotoSrc(publicBase: string | undefined): PhotoSrc {
  return publicBase
    ? (photo, width) => `${publicBase}/${photoKey(photo.adId, photo.id, width)}`
    : photoUrl;
}

/**
 * A URL that loads whatever the ad's state, for its owner or a moderator, for an
 * hour or two (photo-links.ts). The `token` query value is redacted from the logs.
 */
export function signedPhotoUrl(
  links: PhotoLinks,
  scope: PhotoLinkScope,
  row: Pick<PhotoRow, 'adId' | 'id'>,
  width = DISPLAY_WIDTH,
): string {
  return `${photoUrl(row, width)}?token=${links.token(scope, row)}`;
}

/** The ad's photo list as every photo call answers its owner: links that load in the wizard. */
export function presentPhotos(rows: PhotoRow[], links: PhotoLinks): Photo[] {
  return rows.map((row) => ({
    photo_id: row.id,
    url: signedPhotoUrl(links, 'owner', row),
    primary: row.isPrimary,
    verification: row.isVerification,
  }));
}
