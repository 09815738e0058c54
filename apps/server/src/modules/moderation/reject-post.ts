import {
  moderationMessages,
  rejectionReasons,
  type RejectionCode,
  type DecisionResult,
} from '@adboard/shared';
import { eq, sql } from 'drizzle-orm';
import { ads } from '../../db/schema.js';
import { ConflictError, NotFoundError } from '../../http/errors.js';
import { appOriginFor } from '../../http/request-context.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { recordRefundsForRejectedAd } from '../payments/refunds.js';
import { findAd } from '../posts/ad-repository.js';
import { siteById } from '../sites/site-by-id.js';
import { adSnapshot } from './ad-snapshot.js';
import { recordAudit } from './audit-log.js';
import type { DecisionContext, DecisionDeps } from './decision-deps.js';
import { rejectedMail } from './moderation-mails.js';
import { resolveReportsOfAd } from './reports-admin.js';

/**
 * A moderator does not approve an ad under review, or takes a public one down
 * (after a report). Its open reports are answered, money it received is
 * recorded for refund (the payer is mailed for an address), and the
 * advertiser is told why and how to fix it, all in one transaction.
 */
export async function rejectPost(
  deps: DecisionDeps,
  ctx: DecisionContext,
  adId: string,
  decision: { code?: RejectionCode; reason: string },
): Promise<DecisionResult> {
  return deps.database.transaction(async (tx) => {
    const ad = await findAd(tx.db, adId, { forUpdate: true });
    if (!ad) throw new NotFoundError(moderationMessages.notFound);
    if (ad.status !== 'pending' && ad.status !== 'active') {
      throw new ConflictError(moderationMessages.cannotReject);
    }
    const code = decision.code ?? null;
    const [rejected] = await tx.db
      .update(ads)
      .set({
        status: 'rejected',
        approved: false,
        reviewedAt: sql`now()`,
        reviewedBy: ctx.actor.id,
        rejectionCode: code,
        rejectionReason: decision.reason,
        updatedAt: sql`now()`,
      })
      .where(eq(ads.id, ad.id))
      .returning();
    if (!rejected) throw new Error('ad vanished under its lock');
    const reportsResolved = await resolveReportsOfAd(tx, ctx.actor, ad.id);

    // Links go to the ad's own site (on the host asked when it is that site's).
    const site = siteById(ad.siteId);
    const appOrigin = appOriginFor(site, ctx.requestHost);
    const editLink = `${appOrigin}/edit-post?${new URLSearchParams({ id: String(ad.id), edit: 'auth' })}`;
    const mail = rejectedMail(site, {
      adId: String(ad.id),
      code,
      reason: decision.reason,
      editLink,
    });
    await enqueueMessage(tx, deps.queue, {
      channel: 'email',
      siteId: site.id,
      to: ad.email,
      ...mail,
    });
    const refunds = await recordRefundsForRejectedAd(tx, deps.queue, {
      site,
      appOrigin,
      adId: ad.id,
      email: ad.email,
    });

    const label = code ? rejectionReasons.find((r) => r.code === code)?.label : undefined;
    await recordAudit(tx, ctx.actor, {
      action: 'ad.reject',
      targetType: 'ad',
      targetId: ad.id,
      before: adSnapshot(ad),
      after: { ...adSnapshot(rejected), reportsResolved, refunds },
      reason: label ? `${label}: ${decision.reason}` : decision.reason,
    });
    return { success: true, status: rejected.status, refunds };
  });
}
