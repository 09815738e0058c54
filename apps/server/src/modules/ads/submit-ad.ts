import { adMessages, isFreeType, needsVerificationPhoto } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { RefusedError } from '../../domain/errors.js';
import { applyAdEvent } from '../ad-lifecycle/apply-ad-event.js';
import { allows } from '../ad-lifecycle/transitions.js';
import { listPhotos } from '../photos/photo-queries.js';
import type { AdContext, AdDeps } from './ad-deps.js';
import { loadManagedAdFacts } from './load-managed-ad.js';
import { ConflictError } from '../../domain/errors.js';
import { lifecycleMessages } from '@adboard/shared';

/**
 * 'Submit for Review', its checks (outside the transaction: the backlink is
 * fetched from the advertiser's site): a free ad from incomplete, or a rejected
 * ad that may be resubmitted (free, or VIP with its payment kept), may go to
 * review. A free ad with a link is checked for its backlink once more; a
 * verified ad needs its verification photo.
 */
export async function checkAdSubmission(
  db: Db,
  deps: Pick<AdDeps, 'backlinks'>,
  ctx: AdContext,
  id: string,
): Promise<void> {
  const { ad, facts } = await loadManagedAdFacts(db, ctx, id);
  if (!allows(facts, { type: 'submit' })) {
    if (facts.status === 'pending')
      throw new ConflictError(lifecycleMessages.refused.alreadySubmitted);
    if (!isFreeType(ad.type) && facts.status !== 'rejected') {
      throw new RefusedError(adMessages.wizard.finishFailed);
    }
  }
  if (
    needsVerificationPhoto(ad.type) &&
    !(await listPhotos(db, ad.id)).some((photo) => photo.isVerification)
  ) {
    throw new RefusedError(adMessages.wizard.submitNeedsPhoto);
  }
  if (ad.type === 'free') {
    const result = ad.backlink
      ? await deps.backlinks.check(ad.backlink, ctx.site.url)
      : { ok: false as const };
    if (!result.ok) {
      throw new RefusedError(adMessages.wizard.finishFailed, {
        fields: { backlink: adMessages.form.backlinkNotFound },
      });
    }
  }
}

/** 'Submit for Review', once checked: the ad goes to review (the lifecycle refuses if it moved meanwhile). */
export async function submitAd(tx: Tx, deps: AdDeps, ctx: AdContext, id: string): Promise<void> {
  const { ad } = await loadManagedAdFacts(tx.db, ctx, id, { forUpdate: true });
  await applyAdEvent(tx, deps, ad.id, { type: 'submit' });
}
