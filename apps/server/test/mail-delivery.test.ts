import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxOnlyTransport } from '../src/adapters/mail/mail-transport.js';
import { createSmtpTransport } from '../src/adapters/mail/smtp-transport.js';
import { enqueueMessage } from '../src/modules/outbox/enqueue-message.js';
import { relaxedLimiter, sqlCount } from './support/accounts.js';
import { messageIdOf } from './support/mail-receiver.js';
import { latestCode } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait-for.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft breaks and escapes, so body text can be searched. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

async function outboxStatus(t: TestApp, to: string): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ status: string }>(
    'select status from outbox_messages where recipient = $1 order by created_at',
    [to],
  );
  return rows.map((r) => r.status);
}

describe('mail delivery over SMTP', () => {
  let smtp: SMTPServer;
  let t: TestApp;
  const received: Received[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const from = session.envelope.mailFrom;
          received.push({
            from: from ? from.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const url = `smtp://127.0.0.1:${port}`;
    t = await createTestApp({
      env: { SMTP_URL: url },
      mail: createSmtpTransport(url),
      limiter: relaxedLimiter(),
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the verification code to the address and marks the outbox row sent', async () => {
    const email = 'smtp.user@example.com';
    const res = await call(t.app, 'POST', '/api/user/register', {
      body: { email, password: 'a long enough passphrase' },
    });
    expect(res.status).toBe(200);
    const code = await latestCode(t.app, email);

    const statuses = await waitFor(
      () => outboxStatus(t, email),
      (s) => s.length > 0 && s.every((x) => x === 'sent'),
    );
    expect(statuses).toEqual(['sent']);

    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    const text = decodeQuotedPrintable(mail?.raw ?? '');
    expect(text).toContain(code);
    expect(text).toContain('Adboard Local');
    expect(mail?.from).toBe('no-reply@localhost');

    const { rows } = await t.database.pool.query<{
      id: string;
      sent_at: Date | null;
      attempts: number;
    }>('select id, sent_at, attempts from outbox_messages where recipient = $1', [email]);
    expect(rows[0]?.sent_at).toBeInstanceOf(Date);
    expect(rows[0]?.attempts).toBe(1);
    // A Message-ID made from the outbox row: the same on every attempt of this message.
    expect(messageIdOf(mail?.raw ?? '')).toBe(`<${rows[0]?.id}@localhost>`);
  });

  it('delivers each message once', async () => {
    const email = 'once@example.com';
    await call(t.app, 'POST', '/api/user/register', {
      body: { email, password: 'a long enough passphrase' },
    });
    await waitFor(
      () => outboxStatus(t, email),
      (s) => s.includes('sent'),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});

describe('mail delivery without a real transport (development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mail: createOutboxOnlyTransport(), limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the message in the outbox as stored', async () => {
    const email = 'dev.user@example.com';
    await call(t.app, 'POST', '/api/user/register', {
      body: { email, password: 'a long enough passphrase' },
    });
    const statuses = await waitFor(
      () => outboxStatus(t, email),
      (s) => s.length > 0 && s.every((x) => x === 'stored'),
    );
    expect(statuses).toEqual(['stored']);
  });
});

describe('the transactional outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = () => sqlCount(t, 'select count(*) as n from outbox_messages');
  const message = (to: string) => ({
    channel: 'email' as const,
    kind: 'receipt' as const,
    siteId: 'local',
    to,
    subject: 'Test',
    text: 'Test body',
    html: null,
  });

  it('leaves no message when the transaction that enqueued it rolls back', async () => {
    const to = 'rolled.back@example.com';
    const rowsBefore = await rows();
    await expect(
      t.database.transaction(async (tx) => {
        await enqueueMessage(tx, t.queue, message(to));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxStatus(t, to)).toEqual([]);
    expect(await rows()).toBe(rowsBefore);
  });

  it('records the message, due at once, when the transaction commits', async () => {
    const to = 'committed@example.com';
    const id = await t.database.transaction((tx) => enqueueMessage(tx, t.queue, message(to)));
    expect(await outboxStatus(t, to)).toEqual(['queued']);
    expect(
      await sqlCount(
        t,
        'select count(*) as n from outbox_messages where id = $1 and next_attempt_at <= now()',
        [id],
      ),
    ).toBe(1);
  });
});
