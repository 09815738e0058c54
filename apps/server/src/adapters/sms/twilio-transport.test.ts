import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio-server.js';
import { createTwilioTransport, TwilioError } from './twilio-transport.js';

const accountSid = 'AC0123456789abcdef0123456789abcdef';
const authToken = 'f00dfeedf00dfeedf00dfeedf00dfeed';
const from = '+15005550006';
const serviceSid = 'MG0123456789abcdef0123456789abcdef';

async function rejection(promise: Promise<unknown>): Promise<TwilioError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TwilioError) return error;
    throw error;
  }
  throw new Error('the send succeeded');
}

describe('Twilio transport against the fake Messages endpoint', () => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio({ accountSid, authToken });
  });
  afterAll(async () => {
    await fake.close();
  });
  let before: number;
  beforeEach(() => {
    before = fake.messages().length;
  });
  const sent = () => fake.messages().slice(before);

  it('sends To, From and Body, and the fake records them', async () => {
    const sms = createTwilioTransport({ accountSid, authToken, from, apiBaseUrl: fake.url });
    expect(sms.kind).toBe('twilio');
    await sms.send({ to: '+17022084567', body: '123456 is your code' });
    expect(sent()).toEqual([
      {
        sid: expect.stringMatching(/^SM[0-9a-f]{32}$/) as unknown,
        to: '+17022084567',
        from,
        messagingServiceSid: null,
        body: '123456 is your code',
      },
    ]);
    await sms.close();
  });

  it('refuses a wrong token with code 20003, naming neither the token nor the text', async () => {
    const wrongToken = 'badbadbadbadbadbadbadbadbadbad00';
    const sms = createTwilioTransport({
      accountSid,
      authToken: wrongToken,
      from,
      apiBaseUrl: fake.url,
    });
    const error = await rejection(sms.send({ to: '+17022084567', body: '654321 is your code' }));
    expect(error.code).toBe(20003);
    expect(error.status).toBe(401);
    expect(error.message).toContain('20003');
    expect(error.message).toContain('Authenticate');
    expect(error.message).not.toContain(wrongToken);
    expect(error.message).not.toContain('654321');
    expect(JSON.stringify(error)).not.toContain(wrongToken);
    expect(sent()).toEqual([]);
  });

  it('sends a Messaging Service sender (MG…) as MessagingServiceSid', async () => {
    const sms = createTwilioTransport({
      accountSid,
      authToken,
      from: serviceSid,
      apiBaseUrl: `${fake.url}/`,
    });
    await sms.send({ to: '+447700900123', body: 'Hello from a service' });
    expect(sent()).toEqual([
      expect.objectContaining({
        to: '+447700900123',
        from: null,
        messagingServiceSid: serviceSid,
        body: 'Hello from a service',
      }),
    ]);
  });

  it('throws on a 500 and succeeds once the endpoint answers again', async () => {
    const sms = createTwilioTransport({ accountSid, authToken, from, apiBaseUrl: fake.url });
    fake.failNext(1);
    const error = await rejection(sms.send({ to: '+17022084567', body: 'try again' }));
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/HTTP 500/);
    expect(sent()).toEqual([]);
    await sms.send({ to: '+17022084567', body: 'try again' });
    expect(sent().map((m) => m.body)).toEqual(['try again']);
  });

  it('passes on Twilio’s code for a bad number (21211)', async () => {
    const sms = createTwilioTransport({ accountSid, authToken, from, apiBaseUrl: fake.url });
    const error = await rejection(sms.send({ to: '7022084567', body: 'no plus sign' }));
    expect(error.status).toBe(400);
    expect(error.code).toBe(21211);
    expect(error.message).not.toContain('no plus sign');
  });

  it('answers like Twilio: 201 with a queued message, 401 JSON without credentials', async () => {
    const url = `${fake.url}/2010-04-01/Accounts/${accountSid}/Messages.json`;
    const form = new URLSearchParams({ To: '+17022084567', From: from, Body: 'hi there' });
    const ok = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${accountSid}:${authToken}`)}` },
      body: form,
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({
      sid: expect.stringMatching(/^SM/) as unknown,
      status: 'queued',
      to: '+17022084567',
      from,
      body: 'hi there',
    });
    const anonymous = await fetch(url, { method: 'POST', body: form });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      code: 20003,
      message: 'Authenticate',
      status: 401,
    });
    const noBody = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${accountSid}:${authToken}`)}` },
      body: new URLSearchParams({ To: '+17022084567', From: from }),
    });
    expect(noBody.status).toBe(400);
    expect(await noBody.json()).toMatchObject({ code: 21602 });
  });
});

describe('Twilio transport when Twilio cannot be reached', () => {
  it('reports a refused connection without the token', async () => {
    const closed = await startFakeTwilio({ accountSid, authToken });
    const apiBaseUrl = closed.url;
    await closed.close();
    const sms = createTwilioTransport({ accountSid, authToken, from, apiBaseUrl });
    const error = await rejection(sms.send({ to: '+17022084567', body: 'nobody home' }));
    expect(error.status).toBeNull();
    expect(error.message).toMatch(/^Twilio request failed/);
    expect(error.message).not.toContain(authToken);
  });

  it('gives up after the timeout', async () => {
    const silent = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const sms = createTwilioTransport({
        accountSid,
        authToken,
        from,
        apiBaseUrl: `http://127.0.0.1:${port}`,
        timeoutMs: 200,
      });
      const error = await rejection(sms.send({ to: '+17022084567', body: 'slow' }));
      expect(error.message).toContain('no answer within 0.2 s');
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
