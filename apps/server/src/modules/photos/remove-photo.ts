import type { Tx } from '../../db/database.js';
import type { PhotoDeps } from './add-photos.js';
import { removePhotoFiles } from './photo-files.js';
import { photoKey } from './photo-presenter.js';
import { deletePhotoRow, setPhotoMark, type PhotoRow } from './photo-repository.js';
import { photoLimits } from './process-photo.js';

/** The public photos of a list: every photo but the verification photo. */
export function publicPhotosOf(rows: readonly PhotoRow[]): PhotoRow[] {
  return rows.filter((row) => !row.isVerification);
}

/**
 * The public photo that becomes primary when `leaving` stops being one: the next
 * public photo after it, else the first; null when no public photo is left.
 */
export function nextPrimary(rows: readonly PhotoRow[], leaving: PhotoRow): PhotoRow | null {
  const rest = publicPhotosOf(rows).filter((row) => row.id !== leaving.id);
  return rest.find((row) => row.position > leaving.position) ?? rest[0] ?? null;
}

/**
 * Deletes one photo of the ad in the request's transaction: its primary mark goes
 * to the next public photo; a deleted verification photo leaves its slot empty
 * (another photo never takes its place, so nothing public becomes hidden and
 * nothing hidden becomes public). The files go once the deletion has committed: a
 * crash before leaves only files, which the sweep removes, never a row without files.
 */
export async function removePhoto(
  tx: Tx,
  deps: Pick<PhotoDeps, 'storage'>,
  current: readonly PhotoRow[],
  target: PhotoRow,
  afterCommit: (work: () => Promise<void>) => void,
): Promise<void> {
  await deletePhotoRow(tx.db, target.id);
  if (target.isPrimary) {
    await setPhotoMark(tx.db, target.adId, 'isPrimary', nextPrimary(current, target)?.id ?? null);
  }
  afterCommit(() =>
    removePhotoFiles(
      deps.storage,
      photoLimits.widths.map((width) => photoKey(target.adId, target.id, width)),
    ),
  );
}
