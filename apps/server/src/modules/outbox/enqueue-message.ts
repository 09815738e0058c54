import type { Tx } from '../../db/database.js';
import { outboxMessages } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/job-queue.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  siteId: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/**
 * Records a message and schedules its delivery inside the caller's transaction:
 * if the change that causes the message rolls back, no message goes out.
 */
export async function enqueueMessage(
  tx: Tx,
  queue: JobQueue,
  message: OutgoingMessage,
): Promise<string> {
  const [row] = await tx.db
    .insert(outboxMessages)
    .values({
      channel: message.channel,
      siteId: message.siteId,
      recipient: message.to.toLowerCase(),
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html,
      status: 'queued',
    })
    .returning({ id: outboxMessages.id });
  if (!row) throw new Error('outbox insert returned no row');
  await queue.send(tx, 'deliver-message', { messageId: row.id });
  return row.id;
}
