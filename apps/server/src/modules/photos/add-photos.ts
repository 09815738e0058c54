import { adLimits, photoMessages, type Photo } from '@adboard/shared';
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { PhotoStorage } from '../../adapters/storage/photo-storage.js';
import { photos } from '../../db/schema.js';
import { RefusedError } from '../../domain/errors.js';
import {
  claimIdempotencyKey,
  idempotentRequest,
  peekIdempotentAnswer,
  recordIdempotentAnswer,
  type IdempotentAnswer,
} from '../idempotency/idempotency.js';
import type { AdContext, AdDeps } from '../ads/ad-deps.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { applyAdEvent } from '../ad-lifecycle/apply-ad-event.js';
import { photoKey, presentPhotos } from './photo-presenter.js';
import { listPhotos } from './photo-repository.js';
import { processPhoto, type ProcessedPhoto } from './process-photo.js';

export interface PhotoDeps extends AdDeps {
  storage: PhotoStorage;
}

const keptSchema = z.object({ photoIds: z.array(z.string()) });

/** What an upload sent again answers: the ids it added (the route answers the whole list). */
const addedPhotosAnswer: IdempotentAnswer<string[]> = {
  keep: (photoIds) => ({ result: { photoIds } }),
  answerAgain: ({ result }) => keptSchema.parse(result).photoIds,
};

/**
 * Adds uploaded images to an ad. Every file is checked and processed before
 * anything is stored, so one bad file refuses the request and stores nothing;
 * rows are written only after their files exist. An upload sent again with the
 * same Idempotency-Key adds nothing and answers the current list.
 */
export async function addPhotos(
  deps: PhotoDeps,
  ctx: AdContext,
  adId: string,
  uploads: Buffer[],
  idempotencyKey: string | null = null,
): Promise<Photo[]> {
  if (uploads.length === 0) throw new RefusedError(photoMessages.noFiles);
  const ad = await loadManagedAd(deps.database.db, ctx, adId);
  const idempotency = idempotentRequest('photos', idempotencyKey, {
    adId: ad.id,
    files: uploads.map((upload) => createHash('sha256').update(upload).digest('hex')),
  });
  // Answered already: nothing to process (the transaction below still decides).
  if (await peekIdempotentAnswer(deps.database.db, idempotency, addedPhotosAnswer)) {
    return presentPhotos(await listPhotos(deps.database.db, ad.id));
  }
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
    const replayed = await deps.database.transaction(async (tx) => {
      // A request with the same key at the same time waits here, then adds nothing.
      if (await claimIdempotencyKey(tx, idempotency, addedPhotosAnswer)) return true;
      const locked = await loadManagedAd(tx.db, ctx, adId, { forUpdate: true });
      const current = await listPhotos(tx.db, locked.id);
      if (current.length + rows.length > adLimits.photosMax) {
        throw new RefusedError(photoMessages.tooMany(adLimits.photosMax));
      }
      const live = locked.status === 'active';
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
          // On a live ad a new photo waits, with the ad's edit, for review.
          pendingReview: live,
        })),
      );
      if (live) await applyAdEvent(tx, deps, locked.id, { type: 'edit_live' });
      const added = rows.map(({ id }) => id);
      await recordIdempotentAnswer(tx, idempotency, addedPhotosAnswer, added);
      return false;
    });
    // Sent again while the first was running: its files are the ones kept.
    if (replayed) {
      await Promise.all(written.map((key) => deps.storage.delete(key).catch(() => undefined)));
    }
  } catch (error) {
    await Promise.all(written.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return presentPhotos(await listPhotos(deps.database.db, ad.id));
}
