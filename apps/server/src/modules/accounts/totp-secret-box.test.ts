import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTotpSecretBox } from './totp-secret-box.js';

describe('the sealed authenticator secrets (AES-256-GCM)', () => {
  const box = createTotpSecretBox(randomBytes(32));
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('opens what it sealed, for the same account only', () => {
    const sealed = box.seal('user-a', secret);
    expect(sealed).not.toContain(secret);
    expect(box.open('user-a', sealed)).toBe(secret);
    expect(box.open('user-b', sealed)).toBeNull();
    // A fresh IV each time: the same secret never seals alike.
    expect(box.seal('user-a', secret)).not.toBe(sealed);
  });

  it('refuses a changed value, and another server key', () => {
    const sealed = box.seal('user-a', secret);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(box.open('user-a', parts.join('.'))).toBeNull();
    expect(createTotpSecretBox(randomBytes(32)).open('user-a', sealed)).toBeNull();
    expect(box.open('user-a', 'garbage')).toBeNull();
  });
});
