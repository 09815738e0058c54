import { adMessages, lifecycleMessages } from '@adboard/shared';
import type { Actor } from '../../domain/actor.js';
import { ForbiddenError, NotFoundError } from '../../domain/errors.js';
import { actsAsStaff } from '../moderation/policy.js';

/** What someone may ask to do with an ad. */
export type AdAction =
  | 'read' // load it in the wizard
  | 'edit' // save fields, photos, submit, renew
  | 'pay' // ask for an address, read an order
  | 'preview' // open its page before it is public
  | 'delete';

export interface AdAccessFacts {
  id: number;
  siteId: string;
  ownerId: string | null;
  deleted: boolean;
  ownerBanned: boolean;
}

export type AdPolicyAnswer = 'allowed' | 'not_found' | 'forbidden' | 'banned';

const MODERATOR_ACTIONS: ReadonlySet<AdAction> = new Set(['read', 'preview']);

/**
 * Who may do what to an ad, as one small table:
 * - a deleted ad, or one of another brand than the one asked, is not there;
 * - its owner (signed in) and the holder of its unexpired edit token may do
 *   everything, unless the owner is banned;
 * - moderators and admins with a second factor may read and preview any ad;
 * - anybody else may not.
 */
export function adPolicy(
  actor: Actor,
  ad: AdAccessFacts,
  action: AdAction,
  siteId: string,
): AdPolicyAnswer {
  if (ad.deleted || ad.siteId !== siteId) return 'not_found';
  const owner = actor.user !== null && ad.ownerId === actor.user.id;
  const holder =
    actor.editGrant !== null && actor.editGrant.adId === ad.id && !actor.editGrant.expired;
  if (owner || holder) return ad.ownerBanned ? 'banned' : 'allowed';
  // Staff without a second factor are held at the console's door (issue 27), here too.
  if (actor.user && actsAsStaff(actor.user) && MODERATOR_ACTIONS.has(action)) return 'allowed';
  return 'forbidden';
}

/** The policy's answer as the domain error a refusal raises. */
export function authorizeAd(
  actor: Actor,
  ad: AdAccessFacts,
  action: AdAction,
  siteId: string,
): void {
  const answer = adPolicy(actor, ad, action, siteId);
  if (answer === 'not_found') throw new NotFoundError(adMessages.wizard.notFound);
  if (answer === 'banned') throw new ForbiddenError(lifecycleMessages.refused.banned);
  if (answer === 'forbidden') throw new ForbiddenError(adMessages.access.forbidden);
}
