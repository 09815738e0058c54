import type { OutboxMessage } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { accountMailDone, call } from './test-app.js';

/**
 * The newest messages to an address, read the way a developer would: GET /dev/outbox,
 * once the account mails asked for so far are written.
 */
export async function readOutbox(app: FastifyInstance, to: string): Promise<OutboxMessage[]> {
  await accountMailDone(app);
  const res = await call(app, 'GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}`);
  return res.json as OutboxMessage[];
}

export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const [message] = await readOutbox(app, to);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

export async function latestResetLink(app: FastifyInstance, to: string): Promise<URL> {
  const [message] = await readOutbox(app, to);
  const link = message?.text.match(/https?:\/\/\S+\/resetpassword\?\S+/)?.[0];
  if (!link) throw new Error(`no reset link mailed to ${to}`);
  return new URL(link);
}
