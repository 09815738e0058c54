import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the fake accepted, as Twilio would have queued it. */
export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface FakeTwilio {
  /** Base URL to give the transport as apiBaseUrl (TWILIO_API_URL). */
  readonly url: string;
  /** Accepted messages, oldest first. */
  messages(): FakeTwilioMessage[];
  /** Requests that reached the Messages endpoint, accepted or not. */
  requestCount(): number;
  /** The next `count` requests answer 500, as during an outage. */
  failNext(count: number): void;
  close(): Promise<void>;
}

const e164 = /^\+[1-9]\d{6,14}$/;
const messagingServiceSid = /^MG[0-9a-fA-F]{32}$/;
const messagesPath = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;
const maxBodyLength = 1600;

/**
 * A local stand-in for Twilio's Messages endpoint, for tests and local demos:
 * POST /2010-04-01/Accounts/{sid}/Messages.json with Basic auth and a form body.
 * Listens on 127.0.0.1 on a free port.
 */
export async function startFakeTwilio(credentials: {
  accountSid: string;
  authToken: string;
}): Promise<FakeTwilio> {
  const accepted: FakeTwilioMessage[] = [];
  let requests = 0;
  let failuresLeft = 0;

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent)
        reply(response, 500, twilioError(20500, 'Internal Server Error', 500));
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = messagesPath.exec(url.pathname);
    if (!match) {
      reply(response, 404, twilioError(20404, 'The requested resource was not found', 404));
      return;
    }
    requests += 1;
    const raw = await readBody(request);
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      reply(response, 500, twilioError(20500, 'Internal Server Error', 500));
      return;
    }
    if (!authorized(request.headers.authorization, credentials)) {
      response.setHeader('www-authenticate', 'Basic realm="Twilio API"');
      reply(response, 401, twilioError(20003, 'Authenticate', 401));
      return;
    }
    if (decodeURIComponent(match[1] ?? '') !== credentials.accountSid) {
      reply(response, 404, twilioError(20404, 'The requested resource was not found', 404));
      return;
    }
    if (request.method !== 'POST') {
      reply(response, 405, twilioError(20004, 'Method not allowed', 405));
      return;
    }
    const form = new URLSearchParams(raw);
    const to = form.get('To')?.trim() ?? '';
    const from = form.get('From')?.trim() || null;
    const serviceSid = form.get('MessagingServiceSid')?.trim() || null;
    const body = form.get('Body') ?? '';
    const problem = validate(to, from, serviceSid, body);
    if (problem) {
      reply(response, 400, twilioError(problem.code, problem.message, 400));
      return;
    }
    const message: FakeTwilioMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from,
      messagingServiceSid: serviceSid,
      body,
    };
    accepted.push(message);
    const now = new Date().toUTCString();
    reply(response, 201, {
      account_sid: credentials.accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: serviceSid,
      num_media: '0',
      num_segments: String(Math.max(1, Math.ceil(body.length / 160))),
      price: null,
      price_unit: 'USD',
      sid: message.sid,
      status: serviceSid && !from ? 'accepted' : 'queued',
      to,
      uri: `/2010-04-01/Accounts/${credentials.accountSid}/Messages/${message.sid}.json`,
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    messages: () => accepted.map((m) => ({ ...m })),
    requestCount: () => requests,
    failNext(count) {
      failuresLeft = Math.max(0, Math.floor(count));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function validate(
  to: string,
  from: string | null,
  serviceSid: string | null,
  body: string,
): { code: number; message: string } | null {
  if (!to) return { code: 21604, message: "A 'To' phone number is required." };
  if (!e164.test(to)) return { code: 21211, message: `Invalid 'To' Phone Number: ${to}` };
  if (!from && !serviceSid) {
    return { code: 21603, message: "A 'From' or 'MessagingServiceSid' parameter is required" };
  }
  if (from && !e164.test(from)) {
    return { code: 21212, message: `Invalid From Number (caller ID): ${from}` };
  }
  if (serviceSid && !messagingServiceSid.test(serviceSid)) {
    return { code: 21701, message: 'The Messaging Service Sid is invalid.' };
  }
  if (body.trim() === '') return { code: 21602, message: 'Message body is required.' };
  if (body.length > maxBodyLength) {
    return {
      code: 21617,
      message: 'The concatenated message body exceeds the 1600 character limit.',
    };
  }
  return null;
}

function authorized(
  header: string | undefined,
  credentials: { accountSid: string; authToken: string },
): boolean {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  return decoded === `${credentials.accountSid}:${credentials.authToken}`;
}

function twilioError(code: number, message: string, status: number) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

function reply(response: ServerResponse, status: number, json: object): void {
  const text = JSON.stringify(json);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > 64 * 1024) throw new Error('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
