import { adMessages, isFreeType } from '@adboard/shared';
import { eq, sql } from 'drizzle-orm';
import { ads } from '../../db/schema.js';
import { RefusedError } from '../../http/errors.js';
import type { AdContext, AdDeps } from './ad-deps.js';
import { listPhotos } from '../photos/photo-repository.js';
import { loadManagedAd } from './load-managed-ad.js';

/**
 * 'Submit for Review' of a free ad: from incomplete (or rejected and edited)
 * to pending. A free ad with a link is checked for its backlink once more.
 * Paid ads go to review when their payment completes, not here.
 */
export async function submitPost(deps: AdDeps, ctx: AdContext, id: string): Promise<void> {
  const ad = await loadManagedAd(deps.database.db, ctx, id);
  if (!isFreeType(ad.type)) throw new RefusedError(adMessages.wizard.postFailed);
  if (ad.status === 'pending') throw new RefusedError(adMessages.wizard.alreadySubmitted);
  if (ad.status !== 'incomplete' && ad.status !== 'rejected') {
    throw new RefusedError(adMessages.wizard.alreadySubmitted);
  }
  if (ad.type === 'free_verified' && (await listPhotos(deps.database.db, ad.id)).length === 0) {
    throw new RefusedError(adMessages.wizard.submitNeedsPhoto);
  }
  if (ad.type === 'free') {
    const result = ad.backlink
      ? await deps.backlinks.check(ad.backlink, ctx.site.url)
      : { ok: false as const };
    if (!result.ok) {
      throw new RefusedError(adMessages.wizard.postFailed, {
        fields: { backlink: adMessages.form.backlinkNotFound },
      });
    }
  }
  await deps.database.transaction(async (tx) => {
    const locked = await loadManagedAd(tx.db, ctx, id, { forUpdate: true });
    if (locked.status !== 'incomplete' && locked.status !== 'rejected') {
      throw new RefusedError(adMessages.wizard.alreadySubmitted);
    }
    await tx.db
      .update(ads)
      .set({ status: 'pending', submittedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(ads.id, locked.id));
  });
}
