import { rejectionReasons, type RejectionCode, type DecisionResult } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { appOriginFor } from '../../http/request-context.js';
import { applyAdEvent } from '../ad-lifecycle/apply-ad-event.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { refundLink } from '../payments/refund-records.js';
import { siteById } from '../sites/site-by-id.js';
import { adSnapshot } from './ad-snapshot.js';
import { recordAudit } from './audit-log.js';
import { loadForDecision } from './load-for-decision.js';
import type { DecisionContext, DecisionDeps } from './decision-deps.js';
import { rejectedMail, type RejectionNext } from './moderation-mails.js';
import { resolveReportsOfAd } from './reports-admin.js';
import { posterLanguage } from '../accounts/account-queries.js';

/**
 * A moderator does not approve an ad under review, or takes a public one down
 * (after a report): the lifecycle table's 'reject'. Its open reports are
 * answered; money applied to it is kept for a resubmission or refunded on
 * request; the advertiser is told why and what applies to this ad. On a live
 * ad with an edit waiting, the edit is refused and the public version stays
 * ('reject_revision').
 */
export async function rejectAd(
  tx: Tx,
  deps: DecisionDeps,
  ctx: DecisionContext,
  adId: string,
  decision: { code?: RejectionCode; reason: string },
): Promise<DecisionResult> {
  const loaded = await loadForDecision(tx, adId);
  const { events } = loaded;
  const revision = events.onRevision;
  const code = decision.code ?? null;
  const result = await applyAdEvent(tx, deps, loaded.ad.id, events.reject, {
    reviewer: ctx.actor,
    rejection: { code, reason: decision.reason },
  });
  const { before, after } = result;
  const reportsResolved = revision ? 0 : await resolveReportsOfAd(tx, ctx.actor, before.id);

  // Links go to the ad's own site (on the host asked when it is that site's).
  const site = siteById(before.siteId);
  const appOrigin = appOriginFor(site, ctx.requestHost);
  const editLink = `${appOrigin}/edit-post?${new URLSearchParams({ id: String(before.id), edit: 'auth' })}`;
  const next: RejectionNext = revision
    ? { kind: 'revision' }
    : result.refundOffers.length > 0
      ? {
          kind: 'payment_kept',
          refundLinks: result.refundOffers.map((r) => refundLink(appOrigin, r.token)),
        }
      : after.type === 'paid' && !after.paid
        ? { kind: 'pay_again' }
        : { kind: 'fix' };
  const mail = rejectedMail(site, await posterLanguage(tx.db, site, before), {
    adId: String(before.id),
    code,
    reason: decision.reason,
    editLink,
    next,
  });
  await enqueueMessage(tx, deps.queue, {
    channel: 'email',
    kind: 'ad_rejected',
    siteId: site.id,
    to: before.email,
    ...mail,
  });

  const label = code ? rejectionReasons.find((r) => r.code === code)?.label : undefined;
  await recordAudit(tx, ctx.actor, {
    action: revision ? 'ad.reject_revision' : 'ad.reject',
    targetType: 'ad',
    targetId: before.id,
    before: adSnapshot(before),
    after: { ...adSnapshot(after), reportsResolved, refundsOffered: result.refundOffers.length },
    reason: label ? `${label}: ${decision.reason}` : decision.reason,
  });
  return { success: true, status: after.status, refunds: result.refundOffers.length };
}
