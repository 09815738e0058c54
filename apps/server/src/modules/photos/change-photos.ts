import { photoMessages, type Photo } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { NotFoundError, RefusedError } from '../../domain/errors.js';
import type { AdContext } from '../ads/ad-deps.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import type { PhotoDeps } from './add-photos.js';
import { removePhotoFiles } from './photo-files.js';
import { photoKey, presentPhotos } from './photo-presenter.js';
import { deletePhotoRow, listPhotos, setPhotoMark } from './photo-repository.js';
import { photoLimits } from './process-photo.js';

type Change = 'primary' | 'verification' | 'delete';

/**
 * Make Primary, pick the verification photo, or Delete, in the request's
 * transaction. Deleting the primary makes the next photo primary; deleting the
 * verification photo makes the first remaining one the verification photo.
 * Answers the whole list.
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
  if (change === 'verification' && ad.type !== 'free_verified') {
    throw new RefusedError(photoMessages.verificationOnlyVerified);
  }
  if (change === 'primary') await setPhotoMark(tx.db, ad.id, 'isPrimary', target.id);
  if (change === 'verification') await setPhotoMark(tx.db, ad.id, 'isVerification', target.id);
  if (change !== 'delete') return presentPhotos(await listPhotos(tx.db, ad.id), deps.photoLinks);

  await deletePhotoRow(tx.db, target.id);
  const rest = current.filter((p) => p.id !== target.id);
  const next = rest.find((p) => p.position > target.position) ?? rest[0] ?? null;
  if (target.isPrimary) await setPhotoMark(tx.db, ad.id, 'isPrimary', next?.id ?? null);
  if (target.isVerification) {
    await setPhotoMark(tx.db, ad.id, 'isVerification', rest[0]?.id ?? null);
  }
  // The files go once the row's deletion has committed: a crash before leaves
  // only files, which the sweep removes, never a row without its files.
  afterCommit(() =>
    removePhotoFiles(
      deps.storage,
      photoLimits.widths.map((width) => photoKey(ad.id, target.id, width)),
    ),
  );
  return presentPhotos(await listPhotos(tx.db, ad.id), deps.photoLinks);
}
