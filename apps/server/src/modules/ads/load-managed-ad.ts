import { adMessages } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { NotFoundError } from '../../domain/errors.js';
import { loadAdFacts } from '../ad-lifecycle/apply-ad-event.js';
import { authorizeAd, type AdAction } from '../ad-lifecycle/ad-policy.js';
import type { AdFacts } from '../ad-lifecycle/transitions.js';
import type { AdContext } from './ad-deps.js';
import type { AdRow } from './ad-repository.js';

/**
 * The ad, if the caller may do this to it (ad-policy.ts): 404 when it does not
 * exist, is deleted or belongs to another site than the one asked (a brand
 * never shows, or names, another brand's ads), 403 otherwise, and 403 with the
 * ban message when its owner is banned.
 */
export async function loadManagedAd(
  db: Db,
  ctx: AdContext,
  id: string,
  options: { forUpdate?: boolean; action?: AdAction } = {},
): Promise<AdRow> {
  return (await loadManagedAdFacts(db, ctx, id, options)).ad;
}

export async function loadManagedAdFacts(
  db: Db,
  ctx: AdContext,
  id: string,
  options: { forUpdate?: boolean; action?: AdAction } = {},
): Promise<{ ad: AdRow; facts: AdFacts }> {
  const adId = Number(id);
  const loaded = Number.isSafeInteger(adId) ? await loadAdFacts(db, adId, options) : null;
  if (!loaded) throw new NotFoundError(adMessages.wizard.notFound);
  const { ad, facts } = loaded;
  authorizeAd(
    ctx.actor,
    {
      id: ad.id,
      siteId: ad.siteId,
      ownerId: ad.ownerId,
      deleted: ad.status === 'deleted' || ad.deletedAt !== null,
      ownerBanned: facts.ownerBanned,
    },
    options.action ?? 'edit',
    ctx.site.id,
  );
  return loaded;
}
