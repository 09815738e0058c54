import type { MessageKind } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { insertOutboxMessage } from './outbox-repository.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** What it is: the operator's outbox listing shows this, never the text. */
  kind: MessageKind;
  siteId: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /**
   * A person waits for it at a screen (a code, a reset or activation link): it
   * goes out before the rest of a backlog (a promotion's notices, reminders).
   */
  waitedFor?: boolean;
  /**
   * When the code or link it carries stops working (the same moment the code's or
   * token's row says): an operator cannot send it again after that.
   */
  expiresAt?: Date;
}

/**
 * Records a message, due at once, inside the caller's transaction: if the
 * change that causes the message rolls back, no message goes out. The outbox
 * is its own queue (outbox-dispatcher.ts sends what is due); `_queue` is kept
 * so that the callers' signature did not change with it.
 */
export async function enqueueMessage(
  tx: Tx,
  _queue: JobQueue,
  message: OutgoingMessage,
): Promise<string> {
  return insertOutboxMessage(tx.db, {
    channel: message.channel,
    siteId: message.siteId,
    recipient: message.to.toLowerCase(),
    subject: message.subject,
    bodyText: message.text,
    bodyHtml: message.html,
    status: 'queued',
    waitedFor: message.waitedFor ?? false,
    kind: message.kind,
    expiresAt: message.expiresAt ?? null,
  });
}
