import {
  cliOutboxInputSchema,
  cliOutboxMessages as m,
  cliResendMailInputSchema,
} from '@adboard/shared';
import { listOutboxMessages, resendMessage } from '../../modules/outbox/outbox-admin.js';
import { CliRefusal, defineCommand } from '../command.js';

/** `outbox`: the newest messages, one line each, never their subject or text. */
export const outboxCommand = defineCommand({
  name: 'outbox',
  summary: m.outboxSummary,
  usage: '[--to <address or phone>] [--status <status>] [--limit <n>]',
  options: {
    to: { type: 'string', value: '<address or phone>', description: m.toOption },
    status: { type: 'string', value: '<status>', description: m.statusOption },
    limit: { type: 'string', value: '<n>', description: m.limitOption },
  },
  input: cliOutboxInputSchema,
  async run(context, input) {
    const database = await context.session.database();
    const messages = await listOutboxMessages(database.db, input);
    if (messages.length === 0) context.io.out(m.none);
    for (const message of messages) {
      context.io.out(
        m.line({
          id: message.id,
          at: message.createdAt.toISOString(),
          channel: message.channel,
          to: message.recipient,
          kind: message.kind,
          status: message.status,
          attempts: message.attempts,
        }),
      );
    }
  },
});

/** `resend-mail`: a copy of a message, queued for the worker, as the operator. */
export const resendMailCommand = defineCommand({
  name: 'resend-mail',
  summary: m.resendSummary,
  usage: '--id <message id>',
  options: { id: { type: 'string', value: '<message id>', description: m.idOption } },
  input: cliResendMailInputSchema,
  async run(context, input) {
    const services = await context.session.services();
    const result = await services.database.transaction((tx) =>
      resendMessage(tx, context.operator, input.id),
    );
    switch (result.outcome) {
      case 'unknown':
        throw new CliRefusal(m.noSuchMessage(input.id));
      case 'still_queued':
        throw new CliRefusal(m.stillQueued(input.id));
      case 'expired':
        throw new CliRefusal(m.expired(input.id, result.expiresAt.toISOString()));
      case 'queued':
        context.io.out(m.queued({ copyId: result.copyId, id: input.id, to: result.recipient }));
    }
  },
});
