import type { AdRow } from './ad-repository.js';

/** Who is asking: a signed-in user, the holder of an edit token, or both or neither. */
export interface AdActor {
  userId: string | null;
  editTokenHash: string | null;
}

/**
 * The one rule for every ad call: the signed-in owner, or the holder of the
 * ad's own, unexpired edit token. Pure, so it is tested on its own.
 */
export function canManageAd(ad: AdRow, actor: AdActor, now: Date = new Date()): boolean {
  if (ad.status === 'deleted') return false;
  if (actor.userId && ad.ownerId === actor.userId) return true;
  if (!actor.editTokenHash || !ad.editTokenHash) return false;
  if (ad.editTokenExpiresAt && ad.editTokenExpiresAt.getTime() <= now.getTime()) return false;
  return actor.editTokenHash === ad.editTokenHash;
}
