import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticator secrets cannot be hashed (the server computes the codes from them),
 * so they are sealed: AES-256-GCM under a key derived (HKDF-SHA256) from the server's
 * secret, with the account's id as associated data, so a sealed secret copied to
 * another account's row does not open. Stored as `v1.{iv}.{tag}.{ciphertext}`
 * (base64url). The server's secret is PHOTO_URL_SECRET (or the key the server made
 * in DATA_DIR outside production): docs/decisions.md, 'Second factors (issue 27)'.
 */
export interface TotpSecretBox {
  seal(userId: string, secret: string): string;
  /** The secret, or null when the value does not open under this key and account. */
  open(userId: string, sealed: string): string | null;
}

const VERSION = 'v1';

export function createTotpSecretBox(serverSecret: Buffer): TotpSecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'adboard second factor secrets v1', 32),
  );
  return {
    seal(userId, secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId, 'utf8'));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(userId, sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(userId, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
