import { adLimits, photoMessages, type Photo } from '@adboard/shared';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PhotoStorage } from '../../adapters/storage/photo-storage.js';
import { ads, photos } from '../../db/schema.js';
import { RefusedError } from '../../http/errors.js';
import type { AdContext, AdDeps } from '../posts/ad-deps.js';
import { loadManagedAd } from '../posts/load-managed-ad.js';
import { listPhotos, photoKey, presentPhotos } from './photo-repository.js';
import { processPhoto, type ProcessedPhoto } from './process-photo.js';

export interface PhotoDeps extends AdDeps {
  storage: PhotoStorage;
}

/** Sends an approved ad back to review when what the public sees changes. */
export const backToReview = {
  status: sql`CASE WHEN ${ads.status} = 'active' THEN 'pending' ELSE ${ads.status} END`,
  approved: sql`CASE WHEN ${ads.status} = 'active' THEN false ELSE ${ads.approved} END`,
  updatedAt: sql`now()`,
};

/**
 * Adds uploaded images to an ad. Every file is checked and processed before
 * anything is stored, so one bad file refuses the request and stores nothing;
 * rows are written only after their files exist.
 */
export async function addPhotos(
  deps: PhotoDeps,
  ctx: AdContext,
  adId: string,
  uploads: Buffer[],
): Promise<Photo[]> {
  if (uploads.length === 0) throw new RefusedError(photoMessages.noFiles);
  const ad = await loadManagedAd(deps.database.db, ctx, adId);
  const existing = await listPhotos(deps.database.db, ad.id);
  if (existing.length + uploads.length > adLimits.photosMax) {
    throw new RefusedError(photoMessages.tooMany(adLimits.photosMax));
  }
  const processed: ProcessedPhoto[] = [];
  for (const upload of uploads) processed.push(await processPhoto(upload));

  const written: string[] = [];
  const rows = processed.map((photo) => ({ id: randomUUID(), photo }));
  try {
    for (const { id, photo } of rows) {
      for (const [width, data] of photo.files) {
        const key = photoKey(ad.id, id, width);
        await deps.storage.put(key, data);
        written.push(key);
      }
    }
    await deps.database.transaction(async (tx) => {
      const locked = await loadManagedAd(tx.db, ctx, adId, { forUpdate: true });
      const current = await listPhotos(tx.db, locked.id);
      if (current.length + rows.length > adLimits.photosMax) {
        throw new RefusedError(photoMessages.tooMany(adLimits.photosMax));
      }
      const lastPosition = current.reduce((max, p) => Math.max(max, p.position), 0);
      const needsPrimary = !current.some((p) => p.isPrimary);
      const needsVerification =
        locked.type === 'free_verified' && !current.some((p) => p.isVerification);
      await tx.db.insert(photos).values(
        rows.map(({ id, photo }, index) => ({
          id,
          adId: locked.id,
          position: lastPosition + index + 1,
          isPrimary: needsPrimary && index === 0,
          isVerification: needsVerification && index === 0,
          width: photo.width,
          height: photo.height,
          phash: photo.phash,
        })),
      );
      await tx.db.update(ads).set(backToReview).where(eq(ads.id, locked.id));
    });
  } catch (error) {
    await Promise.all(written.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return presentPhotos(await listPhotos(deps.database.db, ad.id));
}
