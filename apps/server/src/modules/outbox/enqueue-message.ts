import type { Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { insertOutboxMessage } from './outbox-repository.js';

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
  const id = await insertOutboxMessage(tx.db, {
    channel: message.channel,
    siteId: message.siteId,
    recipient: message.to.toLowerCase(),
    subject: message.subject,
    bodyText: message.text,
    bodyHtml: message.html,
    status: 'queued',
  });
  await queue.send(tx, 'deliver-message', { messageId: id });
  return id;
}
