import { randomUUID } from 'node:crypto';
import {
  cliMessages,
  cliOutboxMessages as m,
  type MessageKind,
  type OutboxStatus,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../../src/adapters/mail/smtp-transport.js';
import { enqueueMessage } from '../../src/modules/outbox/enqueue-message.js';
import { registerVerified, relaxedLimiter, sqlCount } from '../support/accounts.js';
import { adRow, createAd } from '../support/ads.js';
import { cli } from '../support/cli.js';
import { startMailReceiver, type MailReceiver } from '../support/mail-receiver.js';
import { latestResetLink } from '../support/outbox.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

interface StoredMessage {
  id: string;
  created_at: Date;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  kind: string | null;
  status: OutboxStatus;
  attempts: number;
  waited_for: boolean;
  expires_at: Date | null;
  site_id: string;
}

describe('the operator finds a mail in the outbox and sends it again', () => {
  let receiver: MailReceiver;
  let t: TestApp;
  const email = 'outbox-jade@example.com';
  const password = 'a long enough passphrase';

  const messagesTo = async (to: string): Promise<StoredMessage[]> =>
    (
      await t.database.pool.query<StoredMessage>(
        'SELECT * FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC, id DESC',
        [to],
      )
    ).rows;
  const messageOfKind = async (kind: string): Promise<StoredMessage> => {
    const found = (await messagesTo(email)).find((message) => message.kind === kind);
    if (!found) throw new Error(`no ${kind} message to ${email}`);
    return found;
  };
  const lineOf = (message: StoredMessage) =>
    m.line({
      id: message.id,
      at: message.created_at.toISOString(),
      channel: message.channel,
      to: message.recipient,
      kind: message.kind as MessageKind | null,
      status: message.status,
      attempts: message.attempts,
    });
  const mailsTo = (to: string) => receiver.accepted.filter((mail) => mail.to.includes(to));
  const auditCount = () => sqlCount(t, 'SELECT count(*) AS n FROM audit_log');

  beforeAll(async () => {
    receiver = await startMailReceiver();
    t = await createTestApp({
      env: { SMTP_URL: receiver.url },
      mail: createSmtpTransport(receiver.url),
      limiter: relaxedLimiter(),
    });
    await registerVerified(t.app, email, password);
    const reset = await call(t.app, 'POST', '/api/user/resetpassword', { body: { email } });
    expect(reset.status).toBe(200);
    await latestResetLink(t.app, email);
    await waitFor(
      () => messagesTo(email),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'sent'),
    );
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('lists the messages to an address newest first: when, channel, kind, status, tries; never their text', async () => {
    const stored = await messagesTo(email);
    expect(stored.map((row) => row.kind)).toEqual(['password_reset', 'email_code']);
    const listed = await cli(t, ['outbox', '--to', 'Outbox-Jade@Example.com']);
    expect(listed).toMatchObject({ code: 0, err: [], out: stored.map(lineOf) });
    expect(listed.out[0]).toContain('password_reset  sent  attempts 1');

    // The code is in the verification mail's subject and text; the reset token in its link.
    const code = /\b(\d{6})\b/.exec((await messageOfKind('email_code')).subject)?.[1] ?? '';
    const token = (await latestResetLink(t.app, email)).searchParams.get('edit') ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(token.length).toBeGreaterThan(16);
    const everything = (await cli(t, ['outbox', '--limit', '500'])).out.join('\n');
    expect(everything).toContain(email);
    expect(everything).not.toContain(code);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('verification code');
  });

  it('filters by status and limits the count; finds an SMS by the phone number as typed', async () => {
    const newest = (await messagesTo(email))[0];
    expect((await cli(t, ['outbox', '--to', email, '--limit', '1'])).out).toEqual([
      lineOf(newest as StoredMessage),
    ]);
    expect(await cli(t, ['outbox', '--to', email, '--status', 'failed'])).toMatchObject({
      code: 0,
      out: [m.none],
    });
    await t.database.transaction((tx) =>
      enqueueMessage(tx, t.queue, {
        channel: 'sms',
        kind: 'sms_code',
        siteId: 'local',
        to: '+17025550123',
        subject: 'SMS',
        text: '482913 is your code',
        html: null,
        waitedFor: true,
      }),
    );
    // No SMS service here: the dispatcher keeps it in the outbox.
    const [sms] = await waitFor(
      () => messagesTo('+17025550123'),
      (rows) => rows[0]?.status === 'stored',
    );
    const listed = await cli(t, ['outbox', '--to', '(702) 555-0123', '--status', 'stored']);
    expect(listed.out).toEqual([lineOf(sms as StoredMessage)]);
    expect(listed.out.join('\n')).not.toContain('482913');
  });

  it('sends a copy of a delivered message, delivered by the worker with its own Message-ID; audited', async () => {
    const original = await messageOfKind('email_code');
    const before = mailsTo(email).length;
    const resent = await cli(t, ['resend-mail', '--id', original.id]);
    expect(resent.code).toBe(0);
    const copy = (await messagesTo(email))[0] as StoredMessage;
    expect(copy.id).not.toBe(original.id);
    expect(resent).toMatchObject({
      err: [],
      out: [m.queued({ copyId: copy.id, id: original.id, to: email })],
    });
    // The same message, due now; the original keeps its history.
    expect(copy).toMatchObject({
      channel: original.channel,
      site_id: original.site_id,
      recipient: original.recipient,
      subject: original.subject,
      body_text: original.body_text,
      body_html: original.body_html,
      kind: original.kind,
      waited_for: original.waited_for,
      expires_at: original.expires_at,
    });
    expect(await messageOfKind('password_reset')).toBeDefined();
    expect((await messagesTo(email)).find((row) => row.id === original.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
    });

    const delivered = await waitFor(
      async () => mailsTo(email),
      (mails) => mails.length > before,
    );
    expect(delivered).toHaveLength(before + 1);
    const ids = delivered.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      await waitFor(
        async () => (await messagesTo(email))[0]?.status,
        (status) => status === 'sent',
      ),
    ).toBe('sent');

    const { rows } = await t.database.pool.query(
      `SELECT actor_id, actor_email, target_type, after FROM audit_log
        WHERE action = 'message.resend' AND target_id = $1`,
      [original.id],
    );
    expect(rows).toEqual([
      {
        actor_id: null,
        actor_email: 'cli:ops',
        target_type: 'message',
        after: expect.objectContaining({ copyId: copy.id }),
      },
    ]);
  });

  it('refuses a code or link past its expiry, which the message keeps with it', async () => {
    const reset = await messageOfKind('password_reset');
    const { rows } = await t.database.pool.query<{ expires_at: Date }>(
      'SELECT expires_at FROM password_resets ORDER BY created_at DESC LIMIT 1',
    );
    expect(reset.expires_at).toEqual(rows[0]?.expires_at);
    // An hour and a bit later.
    await t.database.pool.query(
      "UPDATE outbox_messages SET expires_at = expires_at - interval '61 minutes' WHERE id = $1",
      [reset.id],
    );
    const expiredAt = (await messageOfKind('password_reset')).expires_at as Date;
    const auditBefore = await auditCount();
    const countBefore = (await messagesTo(email)).length;
    expect(await cli(t, ['resend-mail', '--id', reset.id])).toMatchObject({
      code: 1,
      out: [],
      err: [cliMessages.refused(m.expired(reset.id, expiredAt.toISOString()))],
    });
    expect((await messagesTo(email)).length).toBe(countBefore);
    expect(await auditCount()).toBe(auditBefore);
  });

  it("keeps an anonymous poster's edit link's expiry with the ad's mail; a signed-in poster's has none", async () => {
    const anonymous = await createAd(t.app, { email: 'anon-poster@example.com' });
    const [mail] = await messagesTo('anon-poster@example.com');
    expect(mail?.kind).toBe('ad_created');
    expect(mail?.expires_at).toEqual(
      (await adRow(t, anonymous.postId)).edit_token_expires_at as Date,
    );
    const { token: session } = await registerVerified(t.app, 'member-poster@example.com', password);
    await createAd(t.app, { session });
    const [memberMail] = await messagesTo('member-poster@example.com');
    expect(memberMail).toMatchObject({ kind: 'ad_created', expires_at: null });
  });

  it('refuses a message still queued: the worker has it', async () => {
    receiver.pause();
    try {
      const id = await t.database.transaction((tx) =>
        enqueueMessage(tx, t.queue, {
          channel: 'email',
          kind: 'receipt',
          siteId: 'local',
          to: 'queued@example.com',
          subject: 'Receipt',
          text: 'Thank you.',
          html: null,
        }),
      );
      await waitFor(
        () => messagesTo('queued@example.com'),
        (rows) => rows[0]?.attempts === 1,
      );
      expect(await cli(t, ['resend-mail', '--id', id])).toMatchObject({
        code: 1,
        err: [cliMessages.refused(m.stillQueued(id))],
      });
      expect(await messagesTo('queued@example.com')).toHaveLength(1);
    } finally {
      receiver.resume();
    }
  });

  it('refuses an unknown message; answers bad options with exit 2', async () => {
    const auditBefore = await auditCount();
    const unknownId = randomUUID();
    expect(await cli(t, ['resend-mail', '--id', unknownId])).toMatchObject({
      code: 1,
      err: [cliMessages.refused(m.noSuchMessage(unknownId))],
    });
    expect(await cli(t, ['resend-mail', '--id', 'latest'])).toMatchObject({
      code: 2,
      err: [cliMessages.optionProblem('id', cliMessages.idInvalid), expect.any(String)],
    });
    expect((await cli(t, ['resend-mail'])).code).toBe(2);
    const hint = cliMessages.commandHelpHint('outbox');
    expect(await cli(t, ['outbox', '--status', 'lost'])).toMatchObject({
      code: 2,
      err: [cliMessages.optionProblem('status', m.statusInvalid), hint],
    });
    for (const limit of ['0', 'ten', '501', '2.5']) {
      expect(await cli(t, ['outbox', '--limit', limit])).toMatchObject({
        code: 2,
        err: [cliMessages.optionProblem('limit', m.limitInvalid), hint],
      });
    }
    expect(await cli(t, ['outbox', '--to', 'x'])).toMatchObject({
      code: 2,
      err: [cliMessages.optionProblem('to', m.toInvalid), hint],
    });
    expect(await auditCount()).toBe(auditBefore);
  });
});
