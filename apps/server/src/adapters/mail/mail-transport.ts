/** One email as every transport takes it. */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Angle brackets included; the same on every attempt of one outbox message. */
  messageId: string;
}

/**
 * Where email goes. With SMTP configured it is sent; without it nothing leaves
 * the machine and the outbox table is the record (development only).
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /**
   * Whether mail can leave now: `verified` once the mail server answered and took
   * the login (rejects with why it did not); `not configured` when nothing is sent.
   */
  verify(): Promise<'verified' | 'not configured'>;
  close(): Promise<void>;
}

export function createOutboxOnlyTransport(): MailTransport {
  return {
    kind: 'outbox',
    async send() {
      // Kept in the outbox table only: nothing to deliver.
    },
    async verify() {
      return 'not configured';
    },
    async close() {},
  };
}
