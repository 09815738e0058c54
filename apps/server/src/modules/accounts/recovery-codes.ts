import { createHash, randomBytes } from 'node:crypto';
import { normalizeSecondFactorCode, secondFactorLimits } from '@adboard/shared';

/** RFC 4648 base32, lower case: no 0/1/8/9 to misread. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** One recovery code: 80 random bits as 16 base32 characters, shown in groups of four. */
function newRecoveryCode(): string {
  const bytes = randomBytes(secondFactorLimits.recoveryCodeBits / 8);
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return text.match(/.{4}/g)?.join('-') ?? text;
}

/** A fresh set (secondFactorLimits.recoveryCodeCount), as shown once to the owner. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: secondFactorLimits.recoveryCodeCount }, newRecoveryCode);
}

/**
 * What is stored of a code: SHA-256 bound to the account. 80 random bits make a slow
 * hash needless (no guessing from the hash), as for session tokens.
 */
export function hashRecoveryCode(userId: string, code: string): string {
  return createHash('sha256')
    .update(`recovery:${userId}:${normalizeSecondFactorCode(code)}`, 'utf8')
    .digest('hex');
}
