import {
  adLimits,
  needsVerificationPhoto,
  photoFileLimits,
  photoFormats,
  photoMessages,
  type AdType,
  type Language,
  type Photo,
  type Said,
} from '@adboard/shared';
import { dateFormat } from '../../lib/date-format';

/**
 * The dropzone's `accept`: exactly the formats the server takes (`photoFormats`),
 * under each type a browser may give them. Extensions are listed too, for files the
 * browser gives no type.
 */
export const acceptedPhotoTypes: Record<string, string[]> = Object.fromEntries(
  photoFormats.flatMap((format) => [
    [format.mimeType, [...format.extensions]],
    // Each extension once: under the format's main type.
    ...('otherMimeTypes' in format ? format.otherMimeTypes : []).map((type) => [type, []]),
  ]),
);

/** The server's per-file limit, in bytes as apps/server counts it. */
export const photoMaxBytes = photoFileLimits.maxMegabytes * 1024 * 1024;

export interface RefusedFile {
  file: File;
  message: Said;
}

export interface PrecheckResult {
  accepted: File[];
  refused: RefusedFile[];
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** True for a file whose type, or else whose name, is one the server takes. */
export function isAcceptedPhotoFile(file: File): boolean {
  if (file.type) return file.type in acceptedPhotoTypes;
  const extension = extensionOf(file.name);
  return Object.values(acceptedPhotoTypes).some((extensions) => extensions.includes(extension));
}

/**
 * The browser's checks before buffering (the server stays the judge): the type,
 * the 20 MB limit, and room left under the 30 photos of an ad, counting the photos
 * it has and those already waiting. Files past the room are refused in order.
 */
export function precheckPhotos(files: readonly File[], alreadyCounted: number): PrecheckResult {
  const accepted: File[] = [];
  const refused: RefusedFile[] = [];
  let room = Math.max(0, adLimits.photosMax - alreadyCounted);
  for (const file of files) {
    if (!isAcceptedPhotoFile(file)) {
      refused.push({ file, message: photoMessages.notAnImage });
    } else if (file.size > photoMaxBytes) {
      refused.push({ file, message: photoMessages.tooLarge });
    } else if (room === 0) {
      refused.push({ file, message: photoMessages.tooMany({ max: adLimits.photosMax }) });
    } else {
      room -= 1;
      accepted.push(file);
    }
  }
  return { accepted, refused };
}

/** The 400-wide version of a photo, for thumbnails: same path, -400.webp, same signed query. */
export function thumbnailUrl(url: string): string {
  return url.replace(/-1600\.webp(?=\?|$)/, '-400.webp');
}

/** "1.2 MB", "340 KB": a file size for people. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The photo in the verification slot, if the ad has one. */
export function verificationPhotoOf(photos: readonly Photo[] | null): Photo | null {
  return photos?.find((photo) => photo.verification) ?? null;
}

/** The photos the public may see once the ad is live: all but the verification photo. */
export function publicPhotosOf(photos: readonly Photo[]): Photo[] {
  return photos.filter((photo) => !photo.verification);
}

/**
 * What a free ad must have before it goes to review, in photos: a free verified ad its
 * verification photo, a free ad with a link nothing. Counted for Finalize Ad.
 */
export function photosForReview(type: AdType, photos: readonly Photo[]): number {
  return needsVerificationPhoto(type) ? (verificationPhotoOf(photos) ? 1 : 0) : photos.length;
}

/**
 * The one file the verification slot takes, checked like the others (type, 20 MB);
 * the slot is not counted in the 30 public photos.
 */
export function precheckVerificationPhoto(files: readonly File[]): PrecheckResult {
  const [first] = files;
  return precheckPhotos(first ? [first] : [], 0);
}

const paperDate = dateFormat({ dateStyle: 'long' });

/** Today's date as the paper may show it, in the reader's language: 'March 14, 2025'. */
export function formatPaperDate(date: Date, language: Language): string {
  return paperDate(date, language);
}
