import { and, eq, sql } from 'drizzle-orm';
import type { MailTransport } from '../../adapters/mail/mail-transport.js';
import type { SmsTransport } from '../../adapters/sms/sms-transport.js';
import type { Db } from '../../db/database.js';
import { outboxMessages } from '../../db/schema.js';
import type { SiteConfig } from '../sites/site-registry.js';

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
 */
export async function deliverMessage(deps: DeliveryDeps, messageId: string): Promise<void> {
  const [message] = await deps.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, messageId), eq(outboxMessages.status, 'queued')));
  if (!message) return;
  const transportKind = message.channel === 'sms' ? deps.sms.kind : deps.mail.kind;
  if (transportKind === 'outbox') {
    await deps.db
      .update(outboxMessages)
      .set({ status: 'stored' })
      .where(eq(outboxMessages.id, message.id));
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
    await deps.db
      .update(outboxMessages)
      .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outboxMessages.attempts} + 1` })
      .where(eq(outboxMessages.id, message.id));
  } catch (error) {
    const givingUp = message.attempts + 1 >= MAX_DELIVERY_ATTEMPTS;
    await deps.db
      .update(outboxMessages)
      .set({
        attempts: sql`${outboxMessages.attempts} + 1`,
        lastError: (error as Error).message.slice(0, 500),
        ...(givingUp ? { status: 'failed' as const } : {}),
      })
      .where(eq(outboxMessages.id, message.id));
    // Thrown so the queue retries later; the last try leaves the row 'failed' for operators.
    if (!givingUp) throw error;
  }
}
