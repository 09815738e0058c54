/**
 * Idempotency keys (the `Idempotency-Key` header of POST /api/posts, GET
 * /payment/address/... and photo uploads): a random UUID per attempt, sent again
 * with the retries of that attempt, so the server answers a repeat with the first
 * answer instead of doing it twice. `crypto.getRandomValues` works on plain-http
 * pages too, where `crypto.randomUUID` does not exist.
 */
export function newRequestKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key of one submission: the same while what is sent stays the same (a retry
 * after a failure or a lost answer), a new one for anything else. `settle()` once
 * the request succeeded: the next submission is a new attempt.
 */
export interface AttemptKeys {
  keyFor(request: unknown): string;
  settle(): void;
}

export function createAttemptKeys(): AttemptKeys {
  let current: { key: string; request: string } | null = null;
  return {
    keyFor(request) {
      const text = JSON.stringify(request) ?? '';
      if (current?.request !== text) current = { key: newRequestKey(), request: text };
      return current.key;
    },
    settle() {
      current = null;
    },
  };
}
