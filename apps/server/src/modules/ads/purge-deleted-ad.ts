import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { adRevisions, ads, phoneCodes, photos } from '../../db/schema.js';

/**
 * The purge job: after the grace period a deleted ad keeps no personal data, no
 * edits and no photos. Photo rows go here; their files, then without a row, go with the
 * next run of the photo-file sweep.
 */
export async function purgeDeletedAd(db: Db, adId: number): Promise<void> {
  const purged = await db
    .update(ads)
    .set({
      title: '[deleted]',
      descriptionHtml: '',
      descriptionText: '',
      name: '[deleted]',
      phone: '',
      phoneE164: null,
      email: '[deleted]',
      emailNormalized: `deleted-${adId}`,
      backlink: null,
      backlinkKey: null,
      flags: [],
    })
    .where(and(eq(ads.id, adId), eq(ads.status, 'deleted')))
    .returning({ id: ads.id });
  if (purged.length === 0) return;
  await db.delete(photos).where(eq(photos.adId, adId));
  await db.delete(phoneCodes).where(eq(phoneCodes.adId, adId));
  // Edits of the ad (waiting, refused or applied) hold its content too.
  await db.delete(adRevisions).where(eq(adRevisions.adId, adId));
}
