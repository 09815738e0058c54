import type { AdType } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { sql } from 'drizzle-orm';
import { adExpiryNotices, ads } from '../../db/schema.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { jobAppOrigin, renewalLink } from './job-origin.js';
import type { LifecycleJobDeps } from './lifecycle-deps.js';
import { adExpiredMail, expiryReminderMail } from './lifecycle-mails.js';

export interface NoticeAd {
  id: number;
  siteId: string;
  /** The ad's contact email: where its mails have gone since it was posted. */
  email: string;
  title: string;
  type: AdType;
  expiresAt: Date;
}

export type NoticeKind = 'week' | 'day' | 'expired';

/**
 * Records that the owner was told (once per kind and expiry time) and, if this
 * call is the one that recorded it, mails them in the same transaction. Two
 * workers on the same ad: the insert lets exactly one through. The caller holds
 * the ad's row lock, so its expiry cannot move meanwhile.
 */
export async function sendExpiryNotice(
  tx: Tx,
  deps: LifecycleJobDeps,
  ad: NoticeAd,
  kind: NoticeKind,
): Promise<boolean> {
  const recorded = await tx.db
    .insert(adExpiryNotices)
    .values({
      adId: ad.id,
      kind,
      // The stored value itself: a JavaScript Date drops the microseconds, and the
      // notice must match the ad's expiry exactly to count as sent for it.
      expiresAt: sql`(SELECT ${ads.expiresAt} FROM ${ads} WHERE ${ads.id} = ${ad.id})`,
    })
    .onConflictDoNothing()
    .returning({ adId: adExpiryNotices.adId });
  if (recorded.length === 0) return false;
  const site = deps.siteById(ad.siteId);
  const link = renewalLink(jobAppOrigin(site, deps.port), ad.id);
  const mail =
    kind === 'expired' ? adExpiredMail(site, ad, link) : expiryReminderMail(site, ad, kind, link);
  await enqueueMessage(tx, deps.queue, {
    channel: 'email',
    siteId: site.id,
    to: ad.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
  return true;
}
