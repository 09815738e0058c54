import {
  adLimits,
  needsVerificationPhoto,
  photoMessages,
  type Photo,
  type PhotoSlot,
} from '@adboard/shared';
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { PhotoStorage } from '../../adapters/storage/photo-storage.js';
import type { PhotoOutcome } from '../../metrics/metrics.js';
import type { Db, Tx } from '../../db/database.js';
import { RefusedError, UnavailableError } from '../../domain/errors.js';
import {
  claimIdempotencyKey,
  idempotentRequest,
  peekIdempotentAnswer,
  recordIdempotentAnswer,
  type IdempotencyRequest,
  type IdempotentAnswer,
} from '../idempotency/idempotency.js';
import type { AdContext, AdDeps } from '../ads/ad-deps.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { applyAdEvent } from '../ad-lifecycle/apply-ad-event.js';
import { removePhotoFiles } from './photo-files.js';
import type { PhotoLinks } from './photo-links.js';
import { photoKey, presentPhotos } from './photo-presenter.js';
import { insertPhotos, listPhotos, setPhotoMark, type PhotoRow } from './photo-repository.js';
import { processPhoto, type ProcessedPhoto } from './process-photo.js';
import { publicPhotosOf, removePhoto } from './remove-photo.js';

export interface PhotoDeps extends AdDeps {
  storage: PhotoStorage;
  /** Signs the links of the photo lists the owner gets. */
  photoLinks: PhotoLinks;
  /** Told how each photo's processing ended and how long it took (the server's metrics). */
  observePhoto?: (outcome: PhotoOutcome, seconds: number) => void;
}

/** Processes one upload, telling `observe` how it ended and how long it took. */
async function processObserved(
  data: Buffer,
  observe: PhotoDeps['observePhoto'],
): Promise<ProcessedPhoto> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const photo = await processPhoto(data);
    observe?.('processed', seconds());
    return photo;
  } catch (error) {
    observe?.(error instanceof RefusedError ? 'refused' : 'failed', seconds());
    throw error;
  }
}

const keptSchema = z.object({ photoIds: z.array(z.string()) });

/** What an upload sent again answers: the ids it added (the route answers the whole list). */
const addedPhotosAnswer: IdempotentAnswer<string[]> = {
  keep: (photoIds) => ({ result: { photoIds } }),
  answerAgain: ({ result }) => keptSchema.parse(result).photoIds,
};

/** An upload whose files are stored and whose rows are not written yet. */
export interface StoredUpload {
  /** The ad, as the request named it and as its row's id. */
  postId: string;
  adId: number;
  /** Where the photos go: the public photos, or the verification photo's slot. */
  slot: PhotoSlot;
  idempotency: IdempotencyRequest | null;
  /** Its Idempotency-Key was answered already: nothing was processed, nothing is added. */
  answered: boolean;
  /** The new photos, in the order sent. */
  photos: { id: string; width: number; height: number; phash: string }[];
  /** Their stored files: removed again when their rows are not written. */
  files: string[];
}

/**
 * How many photos the slot may still take: the verification slot one photo of a
 * free verified ad (it replaces the one there), the public photos up to the limit
 * (the verification photo is not one of them).
 */
function checkRoom(type: string, slot: PhotoSlot, current: PhotoRow[], adding: number): void {
  if (slot === 'verification') {
    if (!needsVerificationPhoto(type))
      throw new RefusedError(photoMessages.verificationOnlyVerified);
    if (adding !== 1) throw new RefusedError(photoMessages.verificationOneFile);
    return;
  }
  if (publicPhotosOf(current).length + adding > adLimits.photosMax) {
    throw new RefusedError(photoMessages.tooMany({ max: adLimits.photosMax }));
  }
}

/**
 * The first step of an upload, outside any transaction (decoding and storing
 * take long): every file is checked and processed before anything is stored,
 * so one bad file refuses the request and stores nothing; then the files are
 * stored. An upload sent again with an Idempotency-Key already answered
 * processes nothing. Files whose rows are never written (the write refused or
 * failed, the process stopped) are the sweep's (sweep-photo-files.ts).
 */
export async function storeUploadedPhotos(
  db: Db,
  deps: PhotoDeps,
  ctx: AdContext,
  postId: string,
  uploads: Buffer[],
  idempotencyKey: string | null = null,
  slot: PhotoSlot = 'public',
): Promise<StoredUpload> {
  if (uploads.length === 0) throw new RefusedError(photoMessages.noFiles);
  const ad = await loadManagedAd(db, ctx, postId);
  const idempotency = idempotentRequest('photos', idempotencyKey, {
    adId: ad.id,
    slot,
    files: uploads.map((upload) => createHash('sha256').update(upload).digest('hex')),
  });
  const upload = { postId, adId: ad.id, slot, idempotency };
  // Answered already: nothing to process.
  if (await peekIdempotentAnswer(db, idempotency, addedPhotosAnswer)) {
    return { ...upload, answered: true, photos: [], files: [] };
  }
  checkRoom(ad.type, slot, await listPhotos(db, ad.id), uploads.length);
  const processed: (ProcessedPhoto & { id: string })[] = [];
  for (const data of uploads) {
    processed.push({ id: randomUUID(), ...(await processObserved(data, deps.observePhoto)) });
  }

  const files: string[] = [];
  try {
    for (const photo of processed) {
      for (const [width, data] of photo.files) {
        const key = photoKey(ad.id, photo.id, width);
        await deps.storage.put(key, data);
        files.push(key);
      }
    }
  } catch (error) {
    // The store does not answer: no row is written (503); what it kept, the sweep removes.
    await removePhotoFiles(deps.storage, files);
    throw new UnavailableError(photoMessages.uploadUnavailable, error);
  }
  const photos = processed.map(({ id, width, height, phash }) => ({ id, width, height, phash }));
  return { ...upload, answered: false, photos, files };
}

/**
 * The second step, in the request's transaction: adds the stored photos to the
 * ad (rows are written only after their files exist) and answers the ad's whole
 * list. An upload with the Idempotency-Key of one that ran meanwhile adds nothing
 * and removes its own files.
 */
export async function addPhotos(
  tx: Tx,
  deps: PhotoDeps,
  ctx: AdContext,
  upload: StoredUpload,
  afterCommit: (work: () => Promise<void>) => void,
): Promise<Photo[]> {
  if (upload.answered) return presentPhotos(await listPhotos(tx.db, upload.adId), deps.photoLinks);
  try {
    // A request with the same key at the same time waits here, then adds nothing.
    if (await claimIdempotencyKey(tx, upload.idempotency, addedPhotosAnswer)) {
      // Sent again while the first was running: its files are the ones kept.
      await removePhotoFiles(deps.storage, upload.files);
    } else {
      await addPhotoRows(tx, deps, ctx, upload, afterCommit);
    }
  } catch (error) {
    // The transaction rolls back: no row will point at these files.
    await removePhotoFiles(deps.storage, upload.files);
    throw error;
  }
  return presentPhotos(await listPhotos(tx.db, upload.adId), deps.photoLinks);
}

/**
 * Writes the rows, the ad locked. Public photos go at the end, the first of them
 * primary when no public photo is. A verification photo is never primary and
 * replaces the one in the slot (deleted with its files).
 */
async function addPhotoRows(
  tx: Tx,
  deps: PhotoDeps,
  ctx: AdContext,
  upload: StoredUpload,
  afterCommit: (work: () => Promise<void>) => void,
): Promise<void> {
  const locked = await loadManagedAd(tx.db, ctx, upload.postId, { forUpdate: true });
  const current = await listPhotos(tx.db, locked.id);
  checkRoom(locked.type, upload.slot, current, upload.photos.length);
  const verification = upload.slot === 'verification';
  const live = locked.status === 'active';
  const lastPosition = current.reduce((max, p) => Math.max(max, p.position), 0);
  const needsPrimary = !verification && !publicPhotosOf(current).some((p) => p.isPrimary);
  // An older verification photo may hold the mark (the first upload was both once).
  if (needsPrimary) await setPhotoMark(tx.db, locked.id, 'isPrimary', null);
  const replaced = verification ? current.find((p) => p.isVerification) : undefined;
  if (replaced) await removePhoto(tx, deps, current, replaced, afterCommit);
  await insertPhotos(
    tx.db,
    upload.photos.map((photo, index) => ({
      id: photo.id,
      adId: locked.id,
      position: lastPosition + index + 1,
      isPrimary: needsPrimary && index === 0,
      isVerification: verification,
      width: photo.width,
      height: photo.height,
      phash: photo.phash,
      // On a live ad a new photo waits, with the ad's edit, for review.
      pendingReview: live,
    })),
  );
  if (live) await applyAdEvent(tx, deps, locked.id, { type: 'edit_live' });
  await recordIdempotentAnswer(
    tx,
    upload.idempotency,
    addedPhotosAnswer,
    upload.photos.map(({ id }) => id),
  );
}
