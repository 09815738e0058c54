import { createHmac } from 'node:crypto';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, totpCodeAt, totpUri } from './totp.js';

/** RFC 6238 appendix B: the seeds of each hash, and T (seconds) with the 8-digit codes. */
const seeds = {
  sha1: '12345678901234567890',
  sha256: '12345678901234567890123456789012',
  sha512: '1234567890123456789012345678901234567890123456789012345678901234',
} as const;
const vectors: [number, Record<keyof typeof seeds, string>][] = [
  [59, { sha1: '94287082', sha256: '46119246', sha512: '90693936' }],
  [1111111109, { sha1: '07081804', sha256: '68084774', sha512: '25091201' }],
  [1111111111, { sha1: '14050471', sha256: '67062674', sha512: '99943326' }],
  [1234567890, { sha1: '89005924', sha256: '91819424', sha512: '93441116' }],
  [2000000000, { sha1: '69279037', sha256: '90698825', sha512: '38618901' }],
  [20000000000, { sha1: '65353130', sha256: '77737706', sha512: '47863826' }],
];
const bytes = (text: string) => new TextEncoder().encode(text);

describe('TOTP (RFC 6238)', () => {
  it("passes RFC 6238's published test vectors with every hash", () => {
    for (const [seconds, codes] of vectors) {
      for (const algorithm of ['sha1', 'sha256', 'sha512'] as const) {
        const code = generateSync({
          secret: bytes(seeds[algorithm]),
          epoch: seconds,
          algorithm,
          digits: 8,
        });
        expect(code, `${algorithm} at ${seconds}`).toBe(codes[algorithm]);
      }
    }
  });

  it("the server's codes are the vectors' SHA-1 codes at 6 digits, and each is accepted then", () => {
    for (const [seconds, codes] of vectors) {
      const code = codes.sha1.slice(-6);
      expect(totpCodeAt(bytes(seeds.sha1), seconds * 1000)).toBe(code);
      expect(matchTotp(bytes(seeds.sha1), code, seconds * 1000, null)).toBe(
        Math.floor(seconds / 30),
      );
    }
  });

  it('takes a code one step early or late (a clock a little off), never two', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, totpCodeAt(secret, now), now, null)).toBe(step);
    expect(matchTotp(secret, totpCodeAt(secret, now - 30_000), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpCodeAt(secret, now + 30_000), now, null)).toBe(step + 1);
    expect(matchTotp(secret, totpCodeAt(secret, now - 60_000), now, null)).toBeNull();
    expect(matchTotp(secret, totpCodeAt(secret, now + 60_000), now, null)).toBeNull();
  });

  it('refuses a code of a step already taken (a replay), and an earlier one', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    const code = totpCodeAt(secret, now);
    expect(matchTotp(secret, code, now, step - 1)).toBe(step);
    expect(matchTotp(secret, code, now, step)).toBeNull();
    expect(matchTotp(secret, totpCodeAt(secret, now - 30_000), now, step)).toBeNull();
    // The next step's code still works after this one.
    expect(matchTotp(secret, totpCodeAt(secret, now + 30_000), now, step)).toBe(step + 1);
  });

  it('refuses a wrong code, and a secret under 128 bits', () => {
    const secret = newTotpSecret();
    const now = Date.now();
    const right = totpCodeAt(secret, now);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotp(secret, wrong, now, null)).toBeNull();
    expect(() => totpCodeAt(new Uint8Array(15), now)).toThrow(/16 bytes/);
  });

  it('makes 160-bit secrets and a URI apps read, named by the brand', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new Set(Array.from({ length: 20 }, newTotpSecret)).size).toBe(20);
    const uri = new URL(totpUri('Velvet Board', 'a@example.com', secret));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Velvet Board');
    expect(decodeURIComponent(uri.pathname)).toContain('Velvet Board:a@example.com');
  });

  it('agrees with an independent HMAC-SHA1 computation (RFC 4226 truncation)', () => {
    const secret = bytes(seeds.sha1);
    const at = 1_234_567_890_000;
    const counter = Buffer.alloc(8);
    counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
    const mac = createHmac('sha1', secret).update(counter).digest();
    const offset = (mac.at(-1) ?? 0) & 15;
    const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
    expect(totpCodeAt(secret, at)).toBe(String(value).padStart(6, '0'));
  });
});
