import { needsVerificationPhoto, photoMessages, type Photo } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { ConflictError, NotFoundError, RefusedError } from '../../domain/errors.js';
import type { AdContext } from '../ads/ad-deps.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import type { PhotoDeps } from './add-photos.js';
import { presentPhotos } from './photo-presenter.js';
import { listPhotos, setPhotoMark } from './photo-repository.js';
import { nextPrimary, removePhoto } from './remove-photo.js';

type Change = 'primary' | 'verification' | 'delete';

/**
 * Make Primary, move a public photo into the empty verification slot, or Delete, in
 * the request's transaction. The verification photo is never primary; deleting the
 * primary makes the next public photo primary; deleting the verification photo
 * empties its slot. Answers the whole list.
 */
export async function changePhoto(
  tx: Tx,
  deps: PhotoDeps,
  ctx: AdContext,
  change: Change,
  body: { postId: string; photoId: string },
  afterCommit: (work: () => Promise<void>) => void,
): Promise<Photo[]> {
  const ad = await loadManagedAd(tx.db, ctx, body.postId, { forUpdate: true });
  const current = await listPhotos(tx.db, ad.id);
  const target = current.find((p) => p.id === body.photoId);
  if (!target) throw new NotFoundError(photoMessages.notFound);
  if (change === 'primary') {
    if (target.isVerification) throw new RefusedError(photoMessages.verificationNotPrimary);
    await setPhotoMark(tx.db, ad.id, 'isPrimary', target.id);
  }
  if (change === 'verification' && !target.isVerification) {
    if (!needsVerificationPhoto(ad.type)) {
      throw new RefusedError(photoMessages.verificationOnlyVerified);
    }
    // The photo in the slot never becomes public by being replaced this way.
    if (current.some((p) => p.isVerification)) {
      throw new ConflictError(photoMessages.verificationSlotTaken);
    }
    if (target.isPrimary) {
      await setPhotoMark(tx.db, ad.id, 'isPrimary', nextPrimary(current, target)?.id ?? null);
    }
    await setPhotoMark(tx.db, ad.id, 'isVerification', target.id);
  }
  if (change === 'delete') await removePhoto(tx, deps, current, target, afterCommit);
  return presentPhotos(await listPhotos(tx.db, ad.id), deps.photoLinks);
}
