import type { AdType, Language } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { jobAppOrigin, renewalLink } from './job-origin.js';
import { insertExpiryNotice } from './lifecycle-repository.js';
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
 * the ad's row lock, so its expiry cannot move meanwhile. The mail is written in
 * `language`, the reader's.
 */
export async function sendExpiryNotice(
  tx: Tx,
  deps: LifecycleJobDeps,
  ad: NoticeAd,
  kind: NoticeKind,
  language: Language,
): Promise<boolean> {
  if (!(await insertExpiryNotice(tx.db, ad.id, kind))) return false;
  const site = deps.siteById(ad.siteId);
  const link = renewalLink(jobAppOrigin(site), ad.id);
  const mail =
    kind === 'expired'
      ? adExpiredMail(site, language, ad, link)
      : expiryReminderMail(site, language, ad, kind, link);
  await enqueueMessage(tx, deps.queue, {
    channel: 'email',
    kind: kind === 'expired' ? 'ad_expired' : 'expiry_reminder',
    siteId: site.id,
    to: ad.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
  return true;
}
