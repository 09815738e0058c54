import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../src/adapters/mail/smtp-transport.js';
import { enqueueMessage } from '../src/modules/outbox/enqueue-message.js';
import { relaxedLimiter } from './support/accounts.js';
import { startMailReceiver, type MailReceiver } from './support/mail-receiver.js';
import { createTestApp, type TestApp } from './support/test-app.js';

async function waitFor(done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A burst of mail (a promotion's notices, a wave of sign-ups) goes out over a
 * few reused SMTP connections, several hand-overs at once: one connection per
 * mail, one mail at a time, is what left hundreds of codes queued for minutes.
 */
describe('mail throughput: pooled SMTP connections, several hand-overs at once', () => {
  let receiver: MailReceiver;
  let t: TestApp;
  beforeAll(async () => {
    receiver = await startMailReceiver();
    // A receiver that takes a moment per mail, as a real relay does.
    receiver.setDelay(40);
    t = await createTestApp({
      env: { SMTP_URL: receiver.url },
      mail: createSmtpTransport(receiver.url),
      limiter: relaxedLimiter(),
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('hands a burst of 80 mails over once each, on a few connections, several at a time', async () => {
    const recipients = Array.from({ length: 80 }, (_, i) => `burst.${i}@example.com`);
    await t.database.transaction(async (tx) => {
      for (const to of recipients) {
        await enqueueMessage(tx, t.queue, {
          channel: 'email',
          kind: 'email_code',
          siteId: 'local',
          to,
          subject: 'Your code',
          text: '123456 is your code',
          html: null,
        });
      }
    });
    const sent = async () => {
      const { rows } = await t.database.pool.query<{ n: string }>(
        "select count(*) as n from outbox_messages where recipient like 'burst.%' and status = 'sent'",
      );
      return Number(rows[0]?.n) === recipients.length;
    };
    await waitFor(sent, 60_000);
    expect(await sent()).toBe(true);

    const handedOver = receiver.accepted
      .flatMap((m) => m.to)
      .filter((to) => to.startsWith('burst.'));
    expect(handedOver.sort()).toEqual([...recipients].sort());
    // Pooled: a handful of connections carry the whole burst.
    expect(receiver.connections()).toBeLessThanOrEqual(10);
    // Concurrent: more than one hand-over in progress at a time.
    expect(receiver.maxConcurrent()).toBeGreaterThanOrEqual(4);
  }, 90_000);
});
