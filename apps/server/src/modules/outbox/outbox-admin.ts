import type { OutboxStatus } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import type { Operator } from '../../domain/actor.js';
import { normalizePhone } from '../ad-checks/phone-check.js';
import { recordAudit } from '../moderation/audit-log.js';
import {
  findMessageForUpdate,
  insertOutboxMessage,
  listRecentMessages,
  type OutboxEntryRow,
} from './outbox-repository.js';

/**
 * A recipient as the outbox keeps it: an email in lower case (enqueue-message.ts), a
 * phone in E.164 (as SMS are sent); a number typed another way is read as the ads'
 * phone field reads it.
 */
function recipientKey(to: string): string {
  if (to.includes('@')) return to.toLowerCase();
  return normalizePhone(to) ?? to.toLowerCase();
}

/** The newest messages of the outbox, to find one to send again: never their subject or text. */
export async function listOutboxMessages(
  db: Db,
  query: { to?: string; status?: OutboxStatus; limit: number },
): Promise<OutboxEntryRow[]> {
  return listRecentMessages(db, {
    ...(query.to === undefined ? {} : { recipient: recipientKey(query.to) }),
    ...(query.status === undefined ? {} : { status: query.status }),
    limit: query.limit,
  });
}

export type ResendOutcome =
  | { outcome: 'queued'; copyId: string; recipient: string }
  | { outcome: 'unknown' }
  | { outcome: 'still_queued' }
  | { outcome: 'expired'; expiresAt: Date };

/**
 * An operator sends a message again: a copy, queued now, which the outbox dispatcher
 * delivers like any other; the original keeps its history (status, tries, error). A
 * copy has a Message-ID of its own, so a receiver that took the first one does not
 * drop it as a duplicate. Refused: a message still queued (the dispatcher has it) and
 * one whose code or link has expired (it would not work; the person asks again).
 */
export async function resendMessage(
  tx: Tx,
  operator: Operator,
  messageId: string,
  now: Date = new Date(),
): Promise<ResendOutcome> {
  const message = await findMessageForUpdate(tx.db, messageId);
  if (!message) return { outcome: 'unknown' };
  if (message.status === 'queued') return { outcome: 'still_queued' };
  if (message.expiresAt && message.expiresAt.getTime() <= now.getTime()) {
    return { outcome: 'expired', expiresAt: message.expiresAt };
  }
  const copyId = await insertOutboxMessage(tx.db, {
    channel: message.channel,
    siteId: message.siteId,
    recipient: message.recipient,
    subject: message.subject,
    bodyText: message.bodyText,
    bodyHtml: message.bodyHtml,
    status: 'queued',
    waitedFor: message.waitedFor,
    kind: message.kind,
    expiresAt: message.expiresAt,
  });
  await recordAudit(tx, operator, {
    action: 'message.resend',
    targetType: 'message',
    targetId: message.id,
    before: { status: message.status, attempts: message.attempts, kind: message.kind },
    after: { copyId, status: 'queued' },
  });
  return { outcome: 'queued', copyId, recipient: message.recipient };
}
