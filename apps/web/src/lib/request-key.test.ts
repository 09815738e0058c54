import { describe, expect, it } from 'vitest';
import { createAttemptKeys, newRequestKey } from './request-key';

describe('request keys', () => {
  it('are random v4 UUIDs the server accepts', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newRequestKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(key).toMatch(/^[A-Za-z0-9_-]{8,200}$/);
    }
  });

  it('stay the same for the retries of one submission and change with what is sent', () => {
    const attempts = createAttemptKeys();
    const first = attempts.keyFor({ title: 'a' });
    expect(attempts.keyFor({ title: 'a' })).toBe(first);
    const other = attempts.keyFor({ title: 'b' });
    expect(other).not.toBe(first);
    expect(attempts.keyFor({ title: 'b' })).toBe(other);
    attempts.settle();
    expect(attempts.keyFor({ title: 'b' })).not.toBe(other);
  });
});
