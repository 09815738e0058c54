import { z } from 'zod';

export const messageChannels = ['email', 'sms'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * An outbox message: 'queued' (due, or being handed over), 'sent' (handed to the
 * mail or SMS service), 'stored' (kept in the outbox only: no real transport for its
 * channel), 'failed' (every try used up).
 */
export const outboxStatuses = ['queued', 'sent', 'stored', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * What a message is, so an operator can find one without reading it (its subject may
 * hold a code: the verification mail's does). Kept with each message since migration
 * 0015; older messages have none.
 */
export const messageKinds = [
  'email_code',
  'already_registered',
  'password_reset',
  'sms_code',
  'ad_created',
  'ad_approved',
  'ad_rejected',
  'refund_link',
  'receipt',
  'expiry_reminder',
  'ad_expired',
  'staff_invitation',
  'password_changed',
  'email_change_code',
  'email_change_taken',
  'email_change_requested',
  'email_changed',
  /** A security change of the account (issue 27): a factor, recovery codes, a new device. */
  'security_notice',
  /** The account was deleted: what comes down now, what is erased when (issue 27). */
  'account_deleted',
] as const;
export type MessageKind = (typeof messageKinds)[number];

export const outboxMessageSchema = z.object({
  channel: z.enum(messageChannels),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
