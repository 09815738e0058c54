import { adLimits, adMessages } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { ForbiddenError, NotFoundError } from '../../http/errors.js';
import { hashToken, sameHash } from '../accounts/secrets.js';
import { canManageAd } from '../posts/ad-access.js';
import type { AdContext } from '../posts/ad-deps.js';
import { findAd, type AdRow } from '../posts/ad-repository.js';

/** Whether a token is this ad's activation token from its mail, still within its time. */
export function isActivationToken(ad: AdRow, token: string | undefined, now = new Date()): boolean {
  if (!token || !ad.activationTokenHash) return false;
  const expiresAt = ad.createdAt.getTime() + adLimits.editLinkDays * 86_400_000;
  return expiresAt > now.getTime() && sameHash(ad.activationTokenHash, hashToken(token));
}

/**
 * Verification calls come from the activation page (with the mailed token) or
 * from the ad's owner (session or edit token).
 */
export async function loadAdForVerification(
  db: Db,
  ctx: AdContext,
  id: string,
  activationToken: string | undefined,
): Promise<AdRow> {
  const ad = await findAd(db, id, { forUpdate: true });
  if (!ad || ad.status === 'deleted') throw new NotFoundError(adMessages.wizard.notFound);
  const owner = canManageAd(ad, { userId: ctx.user?.id ?? null, editTokenHash: ctx.editTokenHash });
  if (!owner && !isActivationToken(ad, activationToken)) {
    throw new ForbiddenError(adMessages.access.forbidden);
  }
  return ad;
}
