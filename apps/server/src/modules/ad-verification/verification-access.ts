import { adLimits, adMessages } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { ForbiddenError, NotFoundError } from '../../domain/errors.js';
import { hashToken, sameHash } from '../accounts/secrets.js';
import { adPolicy } from '../ad-lifecycle/ad-policy.js';
import type { AdContext } from '../ads/ad-deps.js';
import { findAd, type AdRow } from '../ads/ad-repository.js';

/** Whether a token is this ad's activation token from its mail, still within its time. */
export function isActivationToken(ad: AdRow, token: string | undefined, now = new Date()): boolean {
  if (!token || !ad.activationTokenHash) return false;
  const expiresAt = ad.createdAt.getTime() + adLimits.editLinkDays * 86_400_000;
  return expiresAt > now.getTime() && sameHash(ad.activationTokenHash, hashToken(token));
}

/**
 * Verification calls come from the activation page (with the mailed token) or
 * from the ad's owner (session or edit token), on the ad's own site: on another
 * brand's host the ad is not found, as in every ad call.
 */
export async function loadAdForVerification(
  db: Db,
  ctx: AdContext,
  id: string,
  activationToken: string | undefined,
): Promise<AdRow> {
  const ad = await findAd(db, id, { forUpdate: true });
  if (!ad || ad.status === 'deleted' || ad.siteId !== ctx.site.id) {
    throw new NotFoundError(adMessages.wizard.notFound);
  }
  const owner =
    adPolicy(
      ctx.actor,
      { id: ad.id, siteId: ad.siteId, ownerId: ad.ownerId, deleted: false, ownerBanned: false },
      'edit',
      ctx.site.id,
    ) === 'allowed';
  if (!owner && !isActivationToken(ad, activationToken)) {
    throw new ForbiddenError(adMessages.access.forbidden);
  }
  return ad;
}
