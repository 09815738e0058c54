import type { MailTransport } from '../../adapters/mail/mail-transport.js';
import type { SmsTransport } from '../../adapters/sms/sms-transport.js';
import type { Db } from '../../db/database.js';
import type { SiteConfig } from '../sites/site-registry.js';
import {
  findQueuedMessage,
  markMessageSent,
  markMessageStored,
  recordDeliveryFailure,
} from './outbox-repository.js';

/** The queue's retries plus the first try (job-queue.ts retryLimit 8). */
export const MAX_DELIVERY_ATTEMPTS = 9;

export interface DeliveryDeps {
  db: Db;
  mail: MailTransport;
  sms: SmsTransport;
  mailFrom: string | undefined;
  siteById: (id: string) => SiteConfig;
}

export function senderFor(site: SiteConfig, mailFrom: string | undefined): string {
  return `"${site.name}" <${mailFrom ?? `no-reply@${site.publicDomain}`}>`;
}

/**
 * The deliver-message job: sends one queued message through the transport of
 * its channel (mail or SMS). Without a real transport the message stays in the
 * outbox as `stored`. A failure is recorded and re-thrown so the queue retries it.
 * A job of its own, it holds no transaction: the send is a call to another service,
 * and each change of the row is one statement.
 */
export async function deliverMessage(deps: DeliveryDeps, messageId: string): Promise<void> {
  const message = await findQueuedMessage(deps.db, messageId);
  if (!message) return;
  const transportKind = message.channel === 'sms' ? deps.sms.kind : deps.mail.kind;
  if (transportKind === 'outbox') {
    await markMessageStored(deps.db, message.id);
    return;
  }
  try {
    if (message.channel === 'sms') {
      // An SMS has no subject: the text is the whole message.
      await deps.sms.send({ to: message.recipient, body: message.bodyText });
    } else {
      await deps.mail.send({
        from: senderFor(deps.siteById(message.siteId), deps.mailFrom),
        to: message.recipient,
        subject: message.subject,
        text: message.bodyText,
        html: message.bodyHtml,
      });
    }
    await markMessageSent(deps.db, message.id);
  } catch (error) {
    const givingUp = message.attempts + 1 >= MAX_DELIVERY_ATTEMPTS;
    await recordDeliveryFailure(deps.db, message.id, {
      error: (error as Error).message.slice(0, 500),
      givingUp,
    });
    // Thrown so the queue retries later; the last try leaves the row 'failed' for operators.
    if (!givingUp) throw error;
  }
}
