import type { updatePostBodySchema } from '@adboard/shared';
import { adMessages } from '@adboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ads, type AdFlag } from '../../db/schema.js';
import { RefusedError, ValidationError } from '../../http/errors.js';
import type { AdContext, AdDeps } from './ad-deps.js';
import { backlinkTakenError, isBacklinkTaken, prepareAdColumns } from './ad-input.js';
import type { AdRow } from './ad-repository.js';
import { loadManagedAd } from './load-managed-ad.js';

type UpdateInput = z.output<typeof updatePostBodySchema>;

/** An approved ad whose words change goes back to review; a rejected one can be sent again. */
function statusAfterEdit(ad: AdRow): AdRow['status'] {
  if (ad.status === 'active') return 'pending';
  if (ad.status === 'rejected' && (ad.type === 'free' || ad.type === 'free_verified')) {
    return 'incomplete';
  }
  return ad.status;
}

/**
 * Changes an ad's fields. Owner, status, paid, expiry and approval are never
 * taken from the client; the type and the contact email stay as created.
 */
export async function updatePost(deps: AdDeps, ctx: AdContext, body: UpdateInput): Promise<void> {
  const columns = await prepareAdColumns(deps.database.db, body);
  try {
    await deps.database.transaction(async (tx) => {
      const ad = await loadManagedAd(tx.db, ctx, body.post_id, { forUpdate: true });
      if (body.type && body.type !== ad.type) {
        throw new RefusedError(adMessages.form.typeCannotChange, {
          fields: { type: adMessages.form.typeCannotChange },
        });
      }
      if (ad.type === 'free' && !columns.backlink) {
        throw new ValidationError(adMessages.form.backlinkRequired, {
          backlink: adMessages.form.backlinkRequired,
        });
      }
      const phoneChanged = columns.phoneE164 !== ad.phoneE164;
      const flags: AdFlag[] = columns.flags;
      await tx.db
        .update(ads)
        .set({
          ...columns,
          flags,
          status: statusAfterEdit(ad),
          approved: ad.status === 'active' ? false : ad.approved,
          ...(phoneChanged ? { phoneVerifiedAt: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(ads.id, ad.id));
    });
  } catch (error) {
    if (isBacklinkTaken(error)) throw backlinkTakenError();
    throw error;
  }
}
