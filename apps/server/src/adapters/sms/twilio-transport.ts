import type { SmsTransport } from './sms-transport.js';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** An E.164 sender number, or a Messaging Service id (MG…). */
  from: string;
  /** Tests and local demos point this at the fake (fake-twilio-server.ts). */
  apiBaseUrl?: string;
  timeoutMs?: number;
}

/** Twilio refused a message or could not be reached. Never carries the token or the text. */
export class TwilioError extends Error {
  override name = 'TwilioError';
  constructor(
    message: string,
    /** HTTP status, or null when no answer came. */
    readonly status: number | null,
    /** Twilio's error code (e.g. 20003, 21211), when it sent one. */
    readonly code: number | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Sends through Twilio's Messages API: one POST per message, form-encoded, Basic auth. */
export function createTwilioTransport(settings: TwilioSettings): SmsTransport {
  const base = (settings.apiBaseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const timeoutMs = settings.timeoutMs ?? 10_000;
  // A Messaging Service (MG…) picks the sending number itself.
  const senderField = settings.from.startsWith('MG') ? 'MessagingServiceSid' : 'From';

  return {
    kind: 'twilio',
    async send(message) {
      const form = new URLSearchParams([
        ['To', message.to],
        [senderField, settings.from],
        ['Body', message.body],
      ]);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new TwilioError(
          `Twilio request failed: ${describeFailure(error, timeoutMs)}`,
          null,
          null,
        );
      }
      const text = await response.text().catch(() => '');
      if (response.ok) return;
      const answer = parseTwilioError(text);
      const detail = redact(answer.message, [settings.authToken, message.body]).slice(0, 300);
      throw new TwilioError(
        `Twilio refused the SMS: HTTP ${response.status}` +
          (answer.code !== null ? `, code ${answer.code}` : '') +
          (detail ? `: ${detail}` : ''),
        response.status,
        answer.code,
      );
    },
    async close() {
      // Nothing held open: each message is one fetch.
    },
  };
}

function parseTwilioError(text: string): { code: number | null; message: string } {
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null) return { code: null, message: '' };
    const code = 'code' in json && typeof json.code === 'number' ? json.code : null;
    const message = 'message' in json && typeof json.message === 'string' ? json.message : '';
    return { code, message };
  } catch {
    // Not JSON (a proxy's error page, say): the status alone is reported.
    return { code: null, message: '' };
  }
}

/** Twilio's messages may quote the request; the secret and the text never reach the log. */
function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  if (error instanceof Error) {
    const cause = error.cause;
    const code =
      typeof cause === 'object' &&
      cause !== null &&
      'code' in cause &&
      typeof cause.code === 'string'
        ? ` (${cause.code})`
        : '';
    return `${error.message}${code}`;
  }
  return 'unknown error';
}
