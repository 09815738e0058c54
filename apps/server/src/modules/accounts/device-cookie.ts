import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The device cookie of OWASP's brute-force guidance: a browser that signed in
 * to an account (or reset its password) gets a random id signed for that
 * account, so its next sign-ins count their failures on the device, not on the
 * account that strangers may be guessing at. It only relaxes a wait; it never
 * signs anyone in.
 *
 * A token is `{userId}.{id}.{mac}`: the MAC is HMAC-SHA256 keyed by the
 * account's password hash (a secret only the server holds, with a random
 * salt), so no key needs configuring, every server checks it alike, and a new
 * password retires the tokens of the old one. One cookie holds the tokens of
 * the last few accounts signed in on the browser.
 */
export const DEVICE_COOKIE = 'device';
/** Sent only to the sign-in call. */
const PATH = '/api/user/login';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const MAX_ACCOUNTS = 5;
const TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** What a token is checked against: the account as stored. */
export interface DeviceAccount {
  id: string;
  passwordHash: string;
}

function macOf(account: DeviceAccount, deviceId: string): string {
  return createHmac('sha256', account.passwordHash)
    .update(`adboard device cookie v1|${account.id}|${deviceId}`)
    .digest('base64url');
}

/** The tokens of a Cookie header's device cookie (malformed ones dropped). */
function tokensOf(cookieHeader: string | undefined): RegExpExecArray[] {
  if (!cookieHeader) return [];
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === DEVICE_COOKIE && value) {
      return value
        .split('~')
        .slice(0, MAX_ACCOUNTS)
        .map((token) => TOKEN.exec(token))
        .filter((match): match is RegExpExecArray => match !== null);
    }
  }
  return [];
}

/** The device's id when the request holds a valid device token of this account, else null. */
export function trustedDevice(
  cookieHeader: string | undefined,
  account: DeviceAccount,
): string | null {
  for (const [, userId, deviceId, mac] of tokensOf(cookieHeader)) {
    if (userId !== account.id || !deviceId || !mac) continue;
    // Compared as text: two spellings of the same bytes are not the same token.
    const given = Buffer.from(mac);
    const expected = Buffer.from(macOf(account, deviceId));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return deviceId;
  }
  return null;
}

/**
 * The device id a sign-in of `account` gives this browser: the one it already holds
 * for the account (so a device remembered for the second step stays remembered), or
 * a new one. A new password retires every old id (the MAC no longer matches).
 */
export function deviceIdFor(cookieHeader: string | undefined, account: DeviceAccount): string {
  return trustedDevice(cookieHeader, account) ?? randomBytes(16).toString('base64url');
}

/**
 * The Set-Cookie value after a sign-in (or a password reset) of `account`: a
 * token of `deviceId` for it, the other accounts' tokens kept. HttpOnly and SameSite
 * Strict; Secure is added to every cookie alike, always in production
 * (http/security-headers.ts). The path covers the second step
 * (/api/user/login/second-factor) too.
 */
export function deviceCookie(
  cookieHeader: string | undefined,
  account: DeviceAccount,
  deviceId: string = deviceIdFor(cookieHeader, account),
): string {
  const fresh = `${account.id}.${deviceId}.${macOf(account, deviceId)}`;
  const others = tokensOf(cookieHeader)
    .filter(([, userId]) => userId !== account.id)
    .map(([token]) => token)
    .slice(0, MAX_ACCOUNTS - 1);
  return [
    `${DEVICE_COOKIE}=${[fresh, ...others].join('~')}`,
    `Path=${PATH}`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
  ].join('; ');
}
