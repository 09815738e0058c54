import type { AdStatus } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { applyAdEvent, type AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';
import type { AdContext } from '../ads/ad-deps.js';
import { loadManagedAdFacts } from '../ads/load-managed-ad.js';

/**
 * Renews a free ad for free. A live one stays live and runs its 30 days from
 * now; an expired one goes back to review and its 30 days start at approval.
 * A paid ad renews by paying for a new period (the payment view), not here.
 */
export async function renewAd(
  tx: Tx,
  deps: AdEventDeps,
  ctx: AdContext,
  id: string,
): Promise<AdStatus> {
  const { ad } = await loadManagedAdFacts(tx.db, ctx, id, { forUpdate: true });
  const { after } = await applyAdEvent(tx, deps, ad.id, { type: 'renew' });
  return after.status;
}
