import type { Tx } from '../../db/database.js';
import { applyAdEvent } from '../ad-lifecycle/apply-ad-event.js';
import type { AdContext, AdDeps } from './ad-deps.js';
import { loadManagedAdFacts } from './load-managed-ad.js';

export { PURGE_AFTER_SECONDS } from '../ad-lifecycle/apply-ad-event.js';

/**
 * Deactivates an ad at once (it leaves every list and its links stop working)
 * and schedules the removal of its personal data. The id is never reused.
 */
export async function deleteAd(tx: Tx, deps: AdDeps, ctx: AdContext, id: string): Promise<void> {
  const { ad } = await loadManagedAdFacts(tx.db, ctx, id, { forUpdate: true, action: 'delete' });
  await applyAdEvent(tx, deps, ad.id, { type: 'delete' });
}
