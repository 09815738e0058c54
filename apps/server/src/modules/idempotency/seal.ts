import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The secrets of a stored answer (a new ad's edit token) are sealed with
 * AES-256-GCM under a key derived from the idempotency key itself:
 * SHA-256('seal:' + key). The row is found by SHA-256('lookup:' + key), a
 * different hash, so a reader of the database holds neither the key nor the
 * sealing key, while the request that sends the key again can open it.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The row's lookup hash: SHA-256('lookup:' + key), hex. */
export function lookupHashOf(key: string): string {
  return createHash('sha256').update(`lookup:${key}`, 'utf8').digest('hex');
}

function sealingKeyOf(key: string): Buffer {
  return createHash('sha256').update(`seal:${key}`, 'utf8').digest();
}

/**
 * Seals `plaintext` under the idempotency key; `context` (e.g. the scope) is
 * authenticated too, so a sealed value cannot be moved to another scope.
 * Answers 'v1.{iv}.{tag}.{ciphertext}', base64url.
 */
export function seal(key: string, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealingKeyOf(key), iv, {
    authTagLength: TAG_BYTES,
  });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens what `seal` made with the same key and context; throws on any other key or a change. */
export function openSealed(key: string, sealed: string, context: string): string {
  const [version, iv, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
    throw new Error('not a sealed value');
  }
  if (rest.length > 0) throw new Error('not a sealed value');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    sealingKeyOf(key),
    Buffer.from(iv, 'base64url'),
    {
      authTagLength: TAG_BYTES,
    },
  );
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
