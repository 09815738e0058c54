import { recoveryCodePattern, normalizeSecondFactorCode } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';

describe('recovery codes', () => {
  it('are ten distinct codes of 80 random bits, in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
      // 16 base32 characters: 16 x 5 = 80 bits.
      expect(recoveryCodePattern.test(normalizeSecondFactorCode(code))).toBe(true);
    }
    // Every character of the alphabet appears over many codes: none is stuck.
    const seen = new Set(
      Array.from({ length: 50 }, newRecoveryCodes).flat().join('').replaceAll('-', ''),
    );
    expect(seen.size).toBe(32);
  });

  it('are stored as a hash bound to the account, whatever the spelling typed', () => {
    const [code = ''] = newRecoveryCodes();
    const hash = hashRecoveryCode('user-a', code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code.replaceAll('-', ''));
    expect(hashRecoveryCode('user-a', ` ${code.toUpperCase().replaceAll('-', ' ')} `)).toBe(hash);
    expect(hashRecoveryCode('user-b', code)).not.toBe(hash);
  });
});
