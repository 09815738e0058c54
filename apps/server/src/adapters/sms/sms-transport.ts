/** One SMS as every transport takes it. */
export interface SmsMessage {
  /** E.164 phone number, e.g. +17022084567. */
  to: string;
  body: string;
}

/**
 * Where SMS go. With Twilio configured they are sent; without it nothing
 * leaves the machine and the outbox table is the record (development only).
 */
export interface SmsTransport {
  readonly kind: 'twilio' | 'outbox';
  send(message: SmsMessage): Promise<void>;
  close(): Promise<void>;
}

export function createOutboxOnlySmsTransport(): SmsTransport {
  return {
    kind: 'outbox',
    async send() {
      // Kept in the outbox table only: nothing to deliver.
    },
    async close() {},
  };
}
