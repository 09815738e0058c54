import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../src/adapters/mail/smtp-transport.js';
import { enqueueMessage } from '../src/modules/outbox/enqueue-message.js';
import { relaxedLimiter } from './support/accounts.js';
import { startMailReceiver, type MailReceiver } from './support/mail-receiver.js';
import { accountMailDone, call, createTestApp, type TestApp } from './support/test-app.js';

/**
 * The job workers' look for work when nothing wakes them: far longer than any
 * wait below, so a mail that arrives came through the path's own wake-ups,
 * never through a poll.
 */
const POLL_SECONDS = 300;

async function waitFor(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function register(t: TestApp, email: string): Promise<void> {
  const res = await call(t.app, 'POST', '/api/user/register', {
    body: { email, password: 'a long enough passphrase' },
  });
  expect(res.status).toBe(200);
}

/** How many mails the receiver took for each address, of the given ones. */
function copiesTo(receiver: MailReceiver, addresses: string[]): number[] {
  return addresses.map(
    (address) => receiver.accepted.filter((mail) => mail.to.includes(address)).length,
  );
}

/**
 * Registration codes go register -> account-mail job (pg-boss) -> outbox row ->
 * dispatcher -> SMTP. A burst of sign-ups left a backlog of jobs that the
 * worker took five at a time, one batch per poll: the codes trickled out at
 * 2.5 a second, and a new account's code waited behind them for minutes.
 */
describe('registration codes in a burst, through the API to an SMTP receiver', () => {
  let receiver: MailReceiver;
  let t: TestApp;
  beforeAll(async () => {
    receiver = await startMailReceiver();
    t = await createTestApp({
      env: { SMTP_URL: receiver.url },
      mail: createSmtpTransport(receiver.url),
      limiter: relaxedLimiter(),
      pollingIntervalSeconds: POLL_SECONDS,
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('a backlog of codes goes out without waiting for a poll, each code once', async () => {
    // The worker is held up (a slow moment of the database) while sign-ups arrive,
    // so their jobs pile up behind it, as in a busy minute.
    const locker = await t.database.pool.connect();
    const addresses = Array.from({ length: 40 }, (_, i) => `burst.${i}@example.com`);
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE email_codes IN SHARE MODE');
      for (const address of addresses) await register(t, address);
      await locker.query('COMMIT');
    } finally {
      locker.release();
    }
    // Far within the poll interval: only a worker that drains its queue gets here.
    await waitFor(() => copiesTo(receiver, addresses).every((n) => n > 0), 60_000);
    await accountMailDone(t.app);
    // A moment for any second copy to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(copiesTo(receiver, addresses)).toEqual(addresses.map(() => 1));
    const codes = receiver.accepted
      .filter((mail) => mail.to.some((to) => addresses.includes(to)))
      .map((mail) => /\b\d{6}\b/.test(mail.raw));
    expect(codes).toEqual(addresses.map(() => true));
  }, 90_000);

  it('a new registration’s code goes before the other mail already waiting in the outbox', async () => {
    // The receiver stalls with a backlog of notices in the outbox (a promotion's,
    // the day's reminders); then a person registers and waits for a code.
    receiver.pause();
    const notices = Array.from({ length: 100 }, (_, i) => `notice.${i}@example.com`);
    await t.database.transaction(async (tx) => {
      for (const to of notices) {
        await enqueueMessage(tx, t.queue, {
          channel: 'email',
          kind: 'expiry_reminder',
          siteId: 'local',
          to,
          subject: 'Your ad expires tomorrow',
          text: 'Renew it from My Posts.',
          html: null,
        });
      }
    });
    await waitFor(() => receiver.waiting() > 0, 30_000);
    const fresh = 'fresh@example.com';
    await register(t, fresh);
    await accountMailDone(t.app);
    receiver.resume();
    await waitFor(() => copiesTo(receiver, [...notices, fresh]).every((n) => n > 0), 60_000);
    expect(copiesTo(receiver, [...notices, fresh])).toEqual([...notices, fresh].map(() => 1));

    // Ahead of the code: at most the notices claimed before it was written (one
    // for each of the dispatcher's 16 lanes) and those claimed in the same claim
    // as it (16 at most); the rest of the backlog after it.
    const order = receiver.accepted
      .map((mail) => mail.to[0] ?? '')
      .filter((to) => to === fresh || to.startsWith('notice.'));
    expect(order.indexOf(fresh)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(fresh)).toBeLessThan(2 * 16);
  }, 120_000);
});
