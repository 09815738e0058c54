import { moderationMessages } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { NotFoundError } from '../../domain/errors.js';
import { loadAdFacts } from '../ad-lifecycle/apply-ad-event.js';
import { reviewEvents } from '../ad-lifecycle/transitions.js';

/**
 * The ad a moderator decides on, locked for the decision, and what Approve and
 * Reject mean for it now (on a live ad with an edit waiting, the edit).
 */
export async function loadForDecision(tx: Tx, adId: string) {
  const loaded = Number.isSafeInteger(Number(adId))
    ? await loadAdFacts(tx.db, Number(adId), { forUpdate: true })
    : null;
  if (!loaded) throw new NotFoundError(moderationMessages.notFound);
  return { ...loaded, events: reviewEvents(loaded.facts) };
}
