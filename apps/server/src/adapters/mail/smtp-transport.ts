import nodemailer from 'nodemailer';
import type { MailTransport } from './mail-transport.js';

/**
 * Pooled: a few connections stay open and carry many mails each, several
 * hand-overs at once (a connection per mail held a burst to a few a second).
 * Settings in SMTP_URL's query win, e.g. `?maxConnections=20`; the timeouts
 * end a hung hand-over so the message is retried (see docs/operations.md).
 */
export const smtpPoolDefaults = {
  pool: true,
  maxConnections: 8,
  maxMessages: 1000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 60_000,
} as const;

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({ ...smtpPoolDefaults, url: smtpUrl });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: message.messageId,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    async verify() {
      // nodemailer's own check: connects, greets and logs in, sending nothing.
      await transporter.verify();
      return 'verified';
    },
    async close() {
      transporter.close();
    },
  };
}
