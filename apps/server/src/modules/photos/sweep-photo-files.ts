import { PHOTO_FILE, type PhotoStorage } from '../../adapters/storage/photo-storage.js';
import type { Db } from '../../db/database.js';
import { findExistingPhotoIds } from './photo-repository.js';

/** Files younger than this may belong to an upload still being saved. */
export const SWEEP_GRACE_MS = 60 * 60_000;

const PHOTO_ID = /^\d+\/([0-9a-f-]{36})-/;

/**
 * The clean-up job: removes files no photo row points at (an upload's files,
 * stored before its transaction, when that transaction then refused, failed or
 * never committed; the files of a deleted photo that could not be removed; a
 * temporary `.part` file). Answers how many files it removed. A job of its own:
 * it only reads rows, so it opens no transaction.
 */
export async function sweepPhotoFiles(
  db: Db,
  storage: PhotoStorage,
  now: Date = new Date(),
): Promise<number> {
  const candidates: { key: string; photoId: string }[] = [];
  for await (const file of storage.list()) {
    if (now.getTime() - file.modifiedAt.getTime() < SWEEP_GRACE_MS) continue;
    // Only names the storage makes: any other file would make delete throw and stop every run.
    if (!PHOTO_FILE.test(file.key)) continue;
    const photoId = PHOTO_ID.exec(file.key)?.[1];
    if (photoId) candidates.push({ key: file.key, photoId });
  }
  if (candidates.length === 0) return 0;
  const known = await findExistingPhotoIds(db, [...new Set(candidates.map((c) => c.photoId))]);
  let removed = 0;
  for (const candidate of candidates) {
    if (known.has(candidate.photoId) && !candidate.key.endsWith('.part')) continue;
    await storage.delete(candidate.key);
    removed += 1;
  }
  return removed;
}
