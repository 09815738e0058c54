import { isFreeType, lifecycle, moderationMessages, type DecisionResult } from '@adboard/shared';
import { eq, sql } from 'drizzle-orm';
import { ads } from '../../db/schema.js';
import { ConflictError, NotFoundError } from '../../http/errors.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { findAd } from '../posts/ad-repository.js';
import { publicAdUrl } from '../sites/public-urls.js';
import { siteById } from '../sites/site-by-id.js';
import { adSnapshot } from './ad-snapshot.js';
import { recordAudit } from './audit-log.js';
import type { DecisionContext, DecisionDeps } from './decision-deps.js';
import { approvedMail } from './moderation-mails.js';
import { cancelUnsentRefunds } from './refunds-admin.js';

/**
 * A moderator approves an ad under review (or one they rejected and now
 * accept): it goes public from now on. A free ad runs lifecycle.freeAdDays
 * from approval; a paid ad keeps the expiry its payment gave. The advertiser
 * is mailed and the decision audited in the same transaction.
 */
export async function approvePost(
  deps: DecisionDeps,
  ctx: DecisionContext,
  adId: string,
): Promise<DecisionResult> {
  return deps.database.transaction(async (tx) => {
    const ad = await findAd(tx.db, adId, { forUpdate: true });
    if (!ad) throw new NotFoundError(moderationMessages.notFound);
    if (ad.status !== 'pending' && ad.status !== 'rejected') {
      throw new ConflictError(moderationMessages.notPending);
    }
    const refundsCancelled = ad.status === 'rejected' ? await cancelUnsentRefunds(tx, ad.id) : 0;
    const [approved] = await tx.db
      .update(ads)
      .set({
        status: 'active',
        approved: true,
        reviewedAt: sql`now()`,
        reviewedBy: ctx.actor.id,
        postedAt: sql`now()`,
        rejectionCode: null,
        rejectionReason: null,
        ...(isFreeType(ad.type)
          ? { expiresAt: sql`now() + make_interval(days => ${lifecycle.freeAdDays})` }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(ads.id, ad.id))
      .returning();
    if (!approved) throw new Error('ad vanished under its lock');

    const site = siteById(ad.siteId);
    const mail = approvedMail(site, {
      adId: String(ad.id),
      publicUrl: publicAdUrl(site, ad.citySlug, ad.id, ctx.requestHost),
      hasOwner: ad.ownerId !== null,
    });
    await enqueueMessage(tx, deps.queue, {
      channel: 'email',
      siteId: site.id,
      to: ad.email,
      ...mail,
    });
    await recordAudit(tx, ctx.actor, {
      action: 'ad.approve',
      targetType: 'ad',
      targetId: ad.id,
      before: adSnapshot(ad),
      after: { ...adSnapshot(approved), ...(refundsCancelled > 0 ? { refundsCancelled } : {}) },
    });
    return { success: true, status: approved.status };
  });
}
