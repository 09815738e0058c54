import type { MailTransport } from '../../adapters/mail/mail-transport.js';
import type { SmsTransport } from '../../adapters/sms/sms-transport.js';
import type { Db } from '../../db/database.js';
import type { SiteConfig } from '../sites/site-registry.js';
import {
  markMessageSent,
  markMessageStored,
  recordDeliveryFailure,
  type OutboxMessageRow,
} from './outbox-repository.js';

export interface DeliveryDeps {
  db: Db;
  mail: MailTransport;
  sms: SmsTransport;
  mailFrom: string | undefined;
  siteById: (id: string) => SiteConfig;
}

/** Tries after the first failed one, and the first wait (doubling each time, at most an hour). */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
}

function senderAddress(site: SiteConfig, mailFrom: string | undefined): string {
  return mailFrom ?? `no-reply@${site.publicDomain}`;
}

export function senderFor(site: SiteConfig, mailFrom: string | undefined): string {
  return `"${site.name}" <${senderAddress(site, mailFrom)}>`;
}

/**
 * The Message-ID of an outbox row: the same on every attempt, so a receiver
 * can drop the copy that a hand-over cut by a crash may leave.
 */
export function messageIdFor(outboxId: string, fromAddress: string): string {
  const domain = fromAddress.slice(fromAddress.lastIndexOf('@') + 1) || 'localhost';
  return `<${outboxId}@${domain}>`;
}

/** The wait before the next try after `attempts` tries: doubling, at most an hour. */
export function retryDelaySeconds(retry: RetryPolicy, attempts: number): number {
  return Math.min(3600, retry.delaySeconds * 2 ** Math.max(0, attempts - 1));
}

/**
 * Hands one claimed message (see claimDueMessages: its attempt already counted)
 * to the transport of its channel. Without a real transport the message stays
 * in the outbox as `stored`. A failure is recorded with the time of the next
 * try, or leaves the row `failed` for operators once the tries are used up.
 * No transaction is held: the send is a call to another service, and each
 * change of the row is one statement.
 */
export async function deliverMessage(
  deps: DeliveryDeps,
  message: OutboxMessageRow,
  retry: RetryPolicy,
): Promise<void> {
  const transportKind = message.channel === 'sms' ? deps.sms.kind : deps.mail.kind;
  if (transportKind === 'outbox') {
    await markMessageStored(deps.db, message.id);
    return;
  }
  const maxAttempts = retry.limit + 1;
  if (message.attempts > maxAttempts) {
    // Claimed again and again by workers that died mid-send: it stops here.
    await recordDeliveryFailure(deps.db, message.id, {
      error: 'gave up: every worker that took it stopped before it was handed over',
      retryInSeconds: null,
    });
    return;
  }
  try {
    if (message.channel === 'sms') {
      // An SMS has no subject: the text is the whole message.
      await deps.sms.send({ to: message.recipient, body: message.bodyText });
    } else {
      const site = deps.siteById(message.siteId);
      await deps.mail.send({
        from: senderFor(site, deps.mailFrom),
        to: message.recipient,
        subject: message.subject,
        text: message.bodyText,
        html: message.bodyHtml,
        messageId: messageIdFor(message.id, senderAddress(site, deps.mailFrom)),
      });
    }
  } catch (error) {
    await recordDeliveryFailure(deps.db, message.id, {
      error: (error as Error).message.slice(0, 500),
      retryInSeconds:
        message.attempts >= maxAttempts ? null : retryDelaySeconds(retry, message.attempts),
    });
    return;
  }
  await markMessageSent(deps.db, message.id);
}
