import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestHashOf } from './idempotency.js';
import { lookupHashOf, openSealed, seal } from './seal.js';

describe('sealing the secret of a stored answer under the idempotency key', () => {
  const key = randomUUID();
  const token = 'edit-token-Zk3v9QpL2mX7wR1tY8uB0nC4dF6gH5jS';

  it('opens with the same key and context', () => {
    const sealed = seal(key, token, 'create-ad');
    expect(openSealed(key, sealed, 'create-ad')).toBe(token);
  });

  it('never shows the secret or the key, and differs every time', () => {
    const a = seal(key, token, 'create-ad');
    const b = seal(key, token, 'create-ad');
    expect(a).not.toBe(b);
    for (const sealed of [a, b]) {
      expect(sealed).not.toContain(token);
      expect(sealed).not.toContain(key);
      expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    }
  });

  it('refuses another key, another context, and any change', () => {
    const sealed = seal(key, token, 'create-ad');
    expect(() => openSealed(randomUUID(), sealed, 'create-ad')).toThrow();
    expect(() => openSealed(key, sealed, 'photos')).toThrow();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      openSealed(key, [version, iv, tag, flipped.toString('base64url')].join('.'), 'create-ad'),
    ).toThrow();
    expect(() => openSealed(key, 'v2.a.b.c', 'create-ad')).toThrow();
    expect(() => openSealed(key, 'not sealed', 'create-ad')).toThrow();
  });

  it('finds rows by a hash that is not the sealing key', () => {
    const lookup = lookupHashOf(key);
    expect(lookup).toBe(createHash('sha256').update(`lookup:${key}`).digest('hex'));
    expect(lookup).not.toBe(createHash('sha256').update(`seal:${key}`).digest('hex'));
    // The lookup hash does not open what was sealed.
    expect(() => openSealed(lookup, seal(key, token, 'create-ad'), 'create-ad')).toThrow();
  });
});

describe('the hash of a request', () => {
  it('does not depend on the order of object keys, and skips undefined fields', () => {
    expect(requestHashOf({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(
      requestHashOf({ b: { d: 'x', c: [1, 2] }, a: 1, e: undefined }),
    );
  });

  it('changes with any value', () => {
    expect(requestHashOf({ a: 1, b: [1, 2] })).not.toBe(requestHashOf({ a: 1, b: [2, 1] }));
    expect(requestHashOf({ a: '1' })).not.toBe(requestHashOf({ a: 1 }));
  });
});
