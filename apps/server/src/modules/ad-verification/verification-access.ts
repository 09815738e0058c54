import { adLimits, adMessages, lifecycleMessages } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { ForbiddenError, NotFoundError } from '../../domain/errors.js';
import { hashToken, sameHash } from '../accounts/secrets.js';
import { adPolicy } from '../ad-lifecycle/ad-policy.js';
import { loadAdFacts } from '../ad-lifecycle/apply-ad-event.js';
import type { AdContext } from '../ads/ad-deps.js';
import type { AdRow } from '../ads/ad-repository.js';

/** When the activation link of the ad's mail stops working: `editLinkDays` after the ad was posted. */
export function activationExpiresAt(ad: Pick<AdRow, 'createdAt'>): Date {
  return new Date(ad.createdAt.getTime() + adLimits.editLinkDays * 86_400_000);
}

/** Whether a token is this ad's activation token from its mail, still within its time. */
export function isActivationToken(ad: AdRow, token: string | undefined, now = new Date()): boolean {
  if (!token || !ad.activationTokenHash) return false;
  return (
    activationExpiresAt(ad).getTime() > now.getTime() &&
    sameHash(ad.activationTokenHash, hashToken(token))
  );
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
  const loaded = Number.isSafeInteger(Number(id))
    ? await loadAdFacts(db, Number(id), { forUpdate: true })
    : undefined;
  if (!loaded) throw new NotFoundError(adMessages.wizard.notFound);
  const { ad, facts } = loaded;
  const access = {
    id: ad.id,
    siteId: ad.siteId,
    ownerId: ad.ownerId,
    deleted: ad.status === 'deleted',
    ownerBanned: facts.ownerBanned,
  };
  const answer = adPolicy(ctx.actor, access, 'edit', ctx.site.id);
  if (answer === 'not_found') throw new NotFoundError(adMessages.wizard.notFound);
  // A banned owner's ad is verified by nobody: not its token holder, not its mail's link.
  if (facts.ownerBanned) throw new ForbiddenError(lifecycleMessages.refused.banned);
  if (answer !== 'allowed' && !isActivationToken(ad, activationToken)) {
    throw new ForbiddenError(adMessages.access.forbidden);
  }
  return ad;
}
