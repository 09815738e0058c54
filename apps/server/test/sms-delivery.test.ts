import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxOnlySmsTransport } from '../src/adapters/sms/sms-transport.js';
import { startFakeTwilio, type FakeTwilio } from '../src/adapters/sms/fake-twilio-server.js';
import { createTwilioTransport } from '../src/adapters/sms/twilio-transport.js';
import { enqueueMessage } from '../src/modules/outbox/enqueue-message.js';
import { readOutbox } from './support/outbox.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait-for.js';

const accountSid = 'AC0123456789abcdef0123456789abcdef';
const authToken = 'f00dfeedf00dfeedf00dfeedf00dfeed';
const from = '+15005550006';
const phone = '+17022084567';

interface OutboxRow {
  status: string;
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
}

async function outboxRow(t: TestApp, id: string): Promise<OutboxRow | undefined> {
  const { rows } = await t.database.pool.query<OutboxRow>(
    'select status, attempts, sent_at, last_error from outbox_messages where id = $1',
    [id],
  );
  return rows[0];
}

function enqueueSms(t: TestApp, to: string, text: string): Promise<string> {
  return t.database.transaction((tx) =>
    enqueueMessage(tx, t.queue, {
      channel: 'sms',
      kind: 'sms_code',
      siteId: 'local',
      to,
      subject: 'SMS',
      text,
      html: null,
    }),
  );
}

describe('SMS delivery through Twilio (a local fake of its Messages endpoint)', () => {
  let fake: FakeTwilio;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeTwilio({ accountSid, authToken });
    t = await createTestApp({
      sms: createTwilioTransport({ accountSid, authToken, from, apiBaseUrl: fake.url }),
      retryDelaySeconds: 1,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('sends the SMS to the number and marks the outbox row sent', async () => {
    const id = await enqueueSms(t, phone, '123456 is your code');
    const row = await waitFor(
      () => outboxRow(t, id),
      (r) => r?.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(fake.messages()).toEqual([
      expect.objectContaining({ to: phone, from, body: '123456 is your code' }),
    ]);
  });

  it('retries after Twilio fails, and sends once it answers again', async () => {
    fake.failNext(2);
    const requestsBefore = fake.requestCount();
    const id = await enqueueSms(t, '+14155550123', '222333 is your code');
    const row = await waitFor(
      () => outboxRow(t, id),
      (r) => r?.status === 'sent',
      25_000,
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(row?.last_error).toMatch(/HTTP 500/);
    expect(row?.last_error).not.toContain(authToken);
    expect(row?.last_error).not.toContain('222333');
    expect(fake.requestCount() - requestsBefore).toBe(3);
    expect(fake.messages().filter((m) => m.to === '+14155550123')).toHaveLength(1);
  }, 40_000);
});

describe('SMS without a real transport (development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sms: createOutboxOnlySmsTransport() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the SMS in the outbox as stored, listed by /dev/outbox', async () => {
    const id = await enqueueSms(t, phone, '123456 is your code');
    const row = await waitFor(
      () => outboxRow(t, id),
      (r) => r?.status === 'stored',
    );
    expect(row?.status).toBe('stored');
    const listed = await readOutbox(t.app, phone);
    expect(listed).toEqual([
      expect.objectContaining({ channel: 'sms', to: phone, text: '123456 is your code' }),
    ]);
  });
});
