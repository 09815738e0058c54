import type { Db } from '../../db/database.js';
import {
  deletePhoneCodesOfAd,
  deletePhotosOfAd,
  deleteRevisionsOfAd,
  wipeDeletedAdContent,
} from './ad-repository.js';

/**
 * The purge job: after the grace period a deleted ad keeps no personal data, no
 * edits and no photos. Photo rows go here; their files, then without a row, go with the
 * next run of the photo-file sweep. A job of its own, outside any request: each
 * step may be run again (a retry after a failure finds the ad still deleted).
 */
export async function purgeDeletedAd(db: Db, adId: number): Promise<void> {
  if (!(await wipeDeletedAdContent(db, adId))) return;
  await deletePhotosOfAd(db, adId);
  await deletePhoneCodesOfAd(db, adId);
  // Edits of the ad (waiting, refused or applied) hold its content too.
  await deleteRevisionsOfAd(db, adId);
}
