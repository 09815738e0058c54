import { photoMessages, type Photo } from '@adboard/shared';
import { and, eq } from 'drizzle-orm';
import { photos } from '../../db/schema.js';
import { NotFoundError, RefusedError } from '../../domain/errors.js';
import type { AdContext } from '../ads/ad-deps.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import type { PhotoDeps } from './add-photos.js';
import { photoKey, presentPhotos } from './photo-presenter.js';
import { listPhotos } from './photo-repository.js';
import { photoLimits } from './process-photo.js';

type Change = 'primary' | 'verification' | 'delete';

/**
 * Make Primary, pick the verification photo, or Delete. Deleting the primary
 * makes the next photo primary; deleting the verification photo makes the
 * first remaining one the verification photo. Answers the whole list.
 */
export async function changePhoto(
  deps: PhotoDeps,
  ctx: AdContext,
  change: Change,
  body: { postId: string; photoId: string },
): Promise<Photo[]> {
  const removedKeys: string[] = [];
  const adId = await deps.database.transaction(async (tx) => {
    const ad = await loadManagedAd(tx.db, ctx, body.postId, { forUpdate: true });
    const current = await listPhotos(tx.db, ad.id);
    const target = current.find((p) => p.id === body.photoId);
    if (!target) throw new NotFoundError(photoMessages.notFound);
    if (change === 'verification' && ad.type !== 'free_verified') {
      throw new RefusedError(photoMessages.verificationOnlyVerified);
    }
    const mark = async (column: 'isPrimary' | 'isVerification', photoId: string | null) => {
      await tx.db
        .update(photos)
        .set({ [column]: false })
        .where(eq(photos.adId, ad.id));
      if (photoId) {
        await tx.db
          .update(photos)
          .set({ [column]: true })
          .where(and(eq(photos.adId, ad.id), eq(photos.id, photoId)));
      }
    };
    if (change === 'primary') await mark('isPrimary', target.id);
    if (change === 'verification') await mark('isVerification', target.id);
    if (change === 'delete') {
      await tx.db.delete(photos).where(eq(photos.id, target.id));
      const rest = current.filter((p) => p.id !== target.id);
      const next = rest.find((p) => p.position > target.position) ?? rest[0] ?? null;
      if (target.isPrimary) await mark('isPrimary', next?.id ?? null);
      if (target.isVerification) await mark('isVerification', rest[0]?.id ?? null);
      for (const width of photoLimits.widths) removedKeys.push(photoKey(ad.id, target.id, width));
    }
    return ad.id;
  });
  // Files go after the row: a crash in between leaves only files, which the sweep removes.
  await Promise.all(removedKeys.map((key) => deps.storage.delete(key).catch(() => undefined)));
  return presentPhotos(await listPhotos(deps.database.db, adId));
}
