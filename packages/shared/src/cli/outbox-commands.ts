import { z } from 'zod';
import { textSchema } from '../schemas/common.js';
import {
  outboxStatuses,
  type MessageChannel,
  type MessageKind,
  type OutboxStatus,
} from '../schemas/outbox.js';
import { cliIdSchema } from './cli-messages.js';

/** How many messages `outbox` lists unless told, and at most. */
export const cliOutboxLimits = { shown: 20, most: 500 } as const;

/** A message as `outbox` prints it: never its subject or text (they may hold a code). */
export interface CliOutboxLine {
  id: string;
  at: string;
  channel: MessageChannel;
  to: string;
  /** Null for messages written before kinds were kept. */
  kind: MessageKind | null;
  status: OutboxStatus;
  attempts: number;
}

/** `outbox` and `resend-mail`: finding a mail or SMS and sending it again. */
export const cliOutboxMessages = {
  outboxSummary:
    'list recent mails and SMS of the outbox, newest first, to find one to send again (never their text)',
  resendSummary: 'send a mail or SMS of the outbox again: a copy, which the worker delivers',
  toOption: 'only the messages to this email address or phone number',
  statusOption: `only the messages in this status: ${outboxStatuses.join(', ')}`,
  limitOption: `how many at most (default ${cliOutboxLimits.shown}, at most ${cliOutboxLimits.most})`,
  idOption: 'the id of the message, as "outbox" lists it',
  toInvalid: 'give an email address or a phone number',
  statusInvalid: `give one of ${outboxStatuses.join(', ')}`,
  limitInvalid: `give a whole number from 1 to ${cliOutboxLimits.most}`,
  none: 'no messages match',
  noKind: 'kind-not-recorded',
  line: (m: CliOutboxLine) =>
    `${m.id}  ${m.at}  ${m.channel}  to ${m.to}  ${m.kind ?? cliOutboxMessages.noKind}` +
    `  ${m.status}  attempts ${m.attempts}`,
  noSuchMessage: (id: string) => `no message of the outbox has the id ${id}`,
  stillQueued: (id: string) =>
    `message ${id} is still queued: the worker sends it, or tries it again, by itself`,
  expired: (id: string, at: string) =>
    `message ${id} holds a code or link that expired at ${at}: it is not sent again; the person asks the site for a new one`,
  queued: (r: { copyId: string; id: string; to: string }) =>
    `queued ${r.copyId}, a copy of message ${r.id}, to ${r.to}: the worker (the outbox dispatcher of the running server) delivers it as usual; "outbox --to ${r.to}" shows when`,
} as const;

export const cliOutboxInputSchema = z.object({
  to: textSchema({ error: cliOutboxMessages.toInvalid })
    .min(3, { error: cliOutboxMessages.toInvalid })
    .max(320, { error: cliOutboxMessages.toInvalid })
    .optional(),
  status: z.enum(outboxStatuses, { error: cliOutboxMessages.statusInvalid }).optional(),
  limit: z
    .string({ error: cliOutboxMessages.limitInvalid })
    .regex(/^\d{1,4}$/, { error: cliOutboxMessages.limitInvalid })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { error: cliOutboxMessages.limitInvalid })
        .max(cliOutboxLimits.most, { error: cliOutboxMessages.limitInvalid }),
    )
    .default(cliOutboxLimits.shown),
});
export type CliOutboxInput = z.infer<typeof cliOutboxInputSchema>;

export const cliResendMailInputSchema = z.object({ id: cliIdSchema });
export type CliResendMailInput = z.infer<typeof cliResendMailInputSchema>;
