import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the receiver took it: answered 250, so handed over. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The Message-ID header, angle brackets included; null when the mail had none. */
  messageId: string | null;
  raw: string;
  /** Date.now() when the receiver answered 250. */
  at: number;
}

export interface MailReceiver {
  url: string;
  /** Every mail handed over, in the order the receiver answered. */
  accepted: ReceivedMail[];
  /** Mails whose body arrived but that were never answered (see `hold`). */
  held: ReceivedMail[];
  /** SMTP connections opened so far. */
  connections(): number;
  /** The most hand-overs in progress at once (body arriving or waiting for the answer). */
  maxConcurrent(): number;
  /** Mails matching `match` are received but never answered: a hand-over cut mid-way. */
  hold(match: ((mail: ReceivedMail) => boolean) | null): void;
  /** Waits this long before answering each mail (a slow receiver). */
  setDelay(ms: number): void;
  /** Stops answering: mails arrive and wait (a stalled receiver) until `resume`. */
  pause(): void;
  /** Answers the mails that waited, in the order they arrived, and goes on answering. */
  resume(): void;
  /** Mails whose body arrived while paused, not yet answered. */
  waiting(): number;
  close(): Promise<void>;
}

/** The Message-ID header of a raw message (header lines may be folded). */
export function messageIdOf(raw: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => /^message-id:/i.test(l));
  return line ? line.replace(/^message-id:\s*/i, '').trim() : null;
}

/** A local SMTP receiver on 127.0.0.1 that records what it is handed. */
export async function startMailReceiver(options: { port?: number } = {}): Promise<MailReceiver> {
  const accepted: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  let connections = 0;
  let inProgress = 0;
  let maxConcurrent = 0;
  let delayMs = 0;
  let holding: ((mail: ReceivedMail) => boolean) | null = null;
  let paused: (() => void)[] | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      inProgress += 1;
      maxConcurrent = Math.max(maxConcurrent, inProgress);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom;
        const mail: ReceivedMail = {
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: messageIdOf(raw),
          raw,
          at: 0,
        };
        if (holding?.(mail)) {
          held.push(mail);
          return;
        }
        const answer = () =>
          setTimeout(() => {
            inProgress -= 1;
            mail.at = Date.now();
            accepted.push(mail);
            callback();
          }, delayMs);
        if (paused) paused.push(answer);
        else answer();
      });
    },
  });
  // A sender killed mid hand-over resets its connection: to the receiver the client
  // went away, which is no error of the receiver's (tests of crashes cause it).
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    held,
    connections: () => connections,
    maxConcurrent: () => maxConcurrent,
    hold(match) {
      holding = match;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    pause() {
      paused ??= [];
    },
    resume() {
      const waiting = paused ?? [];
      paused = null;
      for (const answer of waiting) answer();
    },
    waiting: () => paused?.length ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
