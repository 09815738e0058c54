import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import { secondFactorLimits } from '@adboard/shared';

/**
 * Authenticator codes (RFC 6238 TOTP: HMAC-SHA1, 30-second steps, 6 digits) through
 * otplib, which refuses secrets under 128 bits. A code is taken from the step of now
 * or one step either side (a phone's clock a little off), and only from a step later
 * than the last one the factor accepted (`afterStep`): the caller stores the step it
 * answers with a conditional UPDATE, so no code works twice, on any server.
 */
const period = secondFactorLimits.totpPeriodSeconds;
const digits = secondFactorLimits.totpDigits;

/** A new secret, base32 (as apps take it). */
export function newTotpSecret(): string {
  return generateSecret({ length: secondFactorLimits.totpSecretBytes });
}

/** The otpauth:// URI of the QR code: the brand as issuer, the email as label. */
export function totpUri(issuer: string, label: string, secret: string): string {
  return generateURI({ issuer, label, secret, period, digits });
}

/** The code of `secret` at `nowMs` (tests and the browser tests compute codes so too). */
export function totpCodeAt(secret: string | Uint8Array, nowMs: number): string {
  return generateSync({ secret, epoch: Math.floor(nowMs / 1000), period, digits });
}

/**
 * The time step `code` belongs to, when it is the code of `secret` within the drift
 * window of `nowMs` and later than `afterStep`; else null.
 */
export function matchTotp(
  secret: string | Uint8Array,
  code: string,
  nowMs: number,
  afterStep: number | null,
): number | null {
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period,
    digits,
    epochTolerance: secondFactorLimits.totpDriftSteps * period,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
