import type { updateAdBodySchema } from '@adboard/shared';
import { adMessages, adToolMessages, lifecycleMessages } from '@adboard/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/database.js';
import { ForbiddenError, RefusedError, ValidationError } from '../../domain/errors.js';
import { applyAdEvent, isBannedContact } from '../ad-lifecycle/apply-ad-event.js';
import { allows } from '../ad-lifecycle/transitions.js';
import type { AdContext, AdDeps } from './ad-deps.js';
import {
  backlinkTakenError,
  ensureBacklinkFree,
  isBacklinkTaken,
  prepareAdColumns,
} from './ad-input.js';
import { loadManagedAdFacts } from './load-managed-ad.js';

type UpdateInput = z.output<typeof updateAdBodySchema>;

/** What saving did: applied to the ad, or kept as an edit waiting for review (a live ad). */
export type UpdateOutcome = 'saved' | 'awaiting_review';

/**
 * Changes an ad's fields. Owner, status, paid, expiry and approval are never
 * taken from the client; the type and the contact email stay as created. A
 * live ad keeps its approved version public: the edit waits as a revision.
 */
export async function updateAd(
  tx: Tx,
  deps: AdDeps,
  ctx: AdContext,
  body: UpdateInput,
): Promise<UpdateOutcome> {
  const columns = await prepareAdColumns(tx.db, body);
  try {
    const { ad, facts } = await loadManagedAdFacts(tx.db, ctx, body.post_id, {
      forUpdate: true,
    });
    const type = body.type ?? ad.type;
    if (type !== ad.type) {
      // Only a VIP ad with nothing paid may become a free ad (the lifecycle decides).
      const change = { type: 'change_type', to: type } as const;
      if (!allows(facts, change)) {
        throw new RefusedError(adMessages.form.typeCannotChange, {
          fields: { type: adMessages.form.typeCannotChange },
        });
      }
      await applyAdEvent(tx, deps, ad.id, change);
    }
    if (type === 'free' && !columns.backlink) {
      throw new ValidationError(adMessages.form.backlinkRequired, {
        backlink: adMessages.form.backlinkRequired,
      });
    }
    await ensureBacklinkFree(tx.db, columns.backlinkKey, ad.id);
    const phoneChanged = columns.phoneE164 !== ad.phoneE164;
    // A banned account's phone is not taken over by editing another ad either.
    if (phoneChanged && (await isBannedContact(tx, ad.emailNormalized, columns.phoneE164))) {
      throw new ForbiddenError(lifecycleMessages.refused.banned);
    }
    const live = facts.status === 'active';
    const { startsOn, ...content } = columns;
    // A start date is for an ad not yet approved: a live ad's is not a content edit.
    if (live && startsOn !== undefined && startsOn !== ad.startsOn) {
      const message = adToolMessages.startsOn.notNow;
      throw new ValidationError(message, { starts_on: message });
    }
    const fields = {
      ...content,
      ...(live || startsOn === undefined ? {} : { startsOn }),
      ...(phoneChanged ? { phoneVerifiedAt: null } : {}),
    };
    await applyAdEvent(tx, deps, ad.id, { type: live ? 'edit_live' : 'save' }, { fields });
    return live ? 'awaiting_review' : 'saved';
  } catch (error) {
    if (isBacklinkTaken(error)) throw backlinkTakenError();
    throw error;
  }
}
