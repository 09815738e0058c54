import { moderationMessages, type DecisionResult } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { ConflictError } from '../../domain/errors.js';
import { isBacklinkTaken } from '../ads/ad-input.js';
import { applyAdEvent } from '../ad-lifecycle/apply-ad-event.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { publicAdUrl } from '../sites/public-urls.js';
import { siteById } from '../sites/site-by-id.js';
import { adSnapshot } from './ad-snapshot.js';
import { recordAudit } from './audit-log.js';
import { loadForDecision } from './load-for-decision.js';
import type { DecisionContext, DecisionDeps } from './decision-deps.js';
import { approvedMail } from './moderation-mails.js';
import { posterLanguage } from '../accounts/account-queries.js';

/**
 * A moderator approves an ad under review (or one they rejected and now
 * accept): it goes public from now on and its paid time starts (the lifecycle
 * table's 'approve'). On a live ad with an edit waiting, the edit is approved
 * and replaces the public version ('approve_revision'). The advertiser is
 * mailed and the decision audited in the same transaction.
 */
export async function approveAd(
  tx: Tx,
  deps: DecisionDeps,
  ctx: DecisionContext,
  adId: string,
): Promise<DecisionResult> {
  try {
    return await applyApproval(tx, deps, ctx, adId);
  } catch (error) {
    // An edit asking for a link another ad took while it waited: nothing changes
    // (the conflict rolls the transaction back).
    if (isBacklinkTaken(error)) throw new ConflictError(moderationMessages.revisionBacklinkTaken);
    throw error;
  }
}

async function applyApproval(
  tx: Tx,
  deps: DecisionDeps,
  ctx: DecisionContext,
  adId: string,
): Promise<DecisionResult> {
  const loaded = await loadForDecision(tx, adId);
  const { events } = loaded;
  const revision = events.onRevision;
  const { before, after, refundsCancelled } = await applyAdEvent(
    tx,
    deps,
    loaded.ad.id,
    events.approve,
    { reviewer: ctx.actor },
  );

  const site = siteById(before.siteId);
  const mail = approvedMail(site, await posterLanguage(tx.db, site, before), {
    adId: String(before.id),
    publicUrl: publicAdUrl(site, after.citySlug, after.id, ctx.requestHost),
    hasOwner: before.ownerId !== null,
    revision,
    startsOn: after.status === 'scheduled' ? after.startsOn : null,
  });
  await enqueueMessage(tx, deps.queue, {
    channel: 'email',
    kind: 'ad_approved',
    siteId: site.id,
    to: before.email,
    ...mail,
  });
  await recordAudit(tx, ctx.actor, {
    action: revision ? 'ad.approve_revision' : 'ad.approve',
    targetType: 'ad',
    targetId: before.id,
    before: adSnapshot(before),
    // Offers of a refund that end because the payer keeps the approved ad.
    after: { ...adSnapshot(after), refundsCancelled },
  });
  return { success: true, status: after.status };
}
