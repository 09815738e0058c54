import { isFreeType, lifecycleMessages, type AdStatus } from '@adboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { ads } from '../../db/schema.js';
import { ConflictError } from '../../http/errors.js';
import type { AdContext } from '../posts/ad-deps.js';
import { loadManagedAd } from '../posts/load-managed-ad.js';

/** Free ads that are (or were) public may be renewed. */
const RENEWABLE: readonly AdStatus[] = ['active', 'expired'];

/**
 * Renews a free ad for free: it goes back to review (status 'pending', submitted
 * now) and its new 30 days start at approval. A still-active ad leaves the
 * public pages until it is reviewed again, as any ad waiting for review does.
 * A paid ad renews by paying for a new period (the payment view), not here.
 */
export async function renewPost(
  deps: { database: Database },
  ctx: AdContext,
  id: string,
): Promise<AdStatus> {
  return deps.database.transaction(async (tx) => {
    const ad = await loadManagedAd(tx.db, ctx, id, { forUpdate: true });
    if (!isFreeType(ad.type)) throw new ConflictError(lifecycleMessages.renewPaidThroughPayment);
    if (!RENEWABLE.includes(ad.status)) throw new ConflictError(lifecycleMessages.renewNotAllowed);
    const [renewed] = await tx.db
      .update(ads)
      .set({
        status: 'pending',
        approved: false,
        submittedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(ads.id, ad.id))
      .returning({ status: ads.status });
    if (!renewed) throw new Error('renewed ad vanished');
    return renewed.status;
  });
}
