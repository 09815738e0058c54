import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, phoneCodes } from '../../db/schema.js';

/** The purge job: after the grace period a deleted ad keeps no personal data. */
export async function purgeDeletedAd(db: Db, adId: number): Promise<void> {
  await db
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
    .where(and(eq(ads.id, adId), eq(ads.status, 'deleted')));
  await db.delete(phoneCodes).where(eq(phoneCodes.adId, adId));
}
