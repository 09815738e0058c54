import { mailMessages, receiptFacts, type Language, type PaymentReceipt } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { brandedMail, type MailContent } from '../accounts/mail-templates.js';
import { formatExpiry } from '../lifecycle/lifecycle-mails.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { siteById } from '../sites/site-by-id.js';
import { readReceipt } from './read-receipt.js';
import { languageOfAdPoster } from '../ads/ad-queries.js';

/** The receipt as a mail in `language`: the same facts as on screen, times in UTC. */
export function receiptMail(
  site: SiteConfig,
  language: Language,
  receipt: PaymentReceipt,
): MailContent {
  const words = mailMessages.receipt;
  const facts = receiptFacts(receipt, language, (iso) => formatExpiry(new Date(iso), language));
  return brandedMail(site, language, words.subject({ adId: receipt.adId }), [
    words.intro({ adId: receipt.adId, site: site.name }),
    ...facts.map((fact) => words.fact({ label: fact.label, value: fact.value })),
  ]);
}

/**
 * Mails the receipt of an order that has just been paid, in the transaction that
 * marks it paid: the order completes once (its row is locked and `completed_at` is
 * set once), so the mail is written once; a check that fails before it commits
 * writes neither, and the check that completes it later writes both. Answers
 * whether a mail was written (an order that is not paid has no receipt).
 */
export async function mailReceipt(tx: Tx, queue: JobQueue, orderId: string): Promise<boolean> {
  const found = await readReceipt(tx.db, orderId);
  if (!found) return false;
  const site = siteById(found.siteId);
  const language = await languageOfAdPoster(tx.db, site, found.receipt.adId);
  const mail = receiptMail(site, language, found.receipt);
  await enqueueMessage(tx, queue, {
    channel: 'email',
    kind: 'receipt',
    siteId: site.id,
    to: found.email,
    ...mail,
  });
  return true;
}
