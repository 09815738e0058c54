import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceCookie, trustedDevice } from './device-cookie.js';

const account = (passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$salt$hash') => ({
  id: randomUUID(),
  passwordHash,
});

/** The Cookie header a browser sends back for a Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('device cookie', () => {
  it('is trusted for its own account only, and only with the password it was made under', () => {
    const alice = account();
    const cookie = sentBack(deviceCookie(undefined, alice));
    const device = trustedDevice(cookie, alice);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(trustedDevice(cookie, { ...account(), passwordHash: alice.passwordHash })).toBeNull();
    expect(trustedDevice(cookie, { ...alice, passwordHash: 'a new hash' })).toBeNull();
    expect(trustedDevice(undefined, alice)).toBeNull();
    expect(trustedDevice('device=garbage', alice)).toBeNull();
  });

  it('refuses any other spelling of the signature, even one decoding to the same bytes', () => {
    const alice = account();
    const cookie = sentBack(deviceCookie(undefined, alice));
    const last = cookie.at(-1) ?? '';
    // The last base64url character of 32 bytes carries two unused bits.
    const twin = 'AEIMQUYcgkosw048'.includes(last)
      ? String.fromCharCode(last.charCodeAt(0) + 1)
      : 'A';
    expect(trustedDevice(cookie.slice(0, -1) + twin, alice)).toBeNull();
  });

  it('keeps the tokens of the last accounts signed in on the browser', () => {
    const accounts = Array.from({ length: 7 }, () => account());
    let header: string | undefined;
    for (const a of accounts) header = sentBack(deviceCookie(header, a));
    const trusted = accounts.map((a) => trustedDevice(header, a) !== null);
    expect(trusted).toEqual([false, false, true, true, true, true, true]);
    // Signing in again replaces the account's own token.
    const again = sentBack(deviceCookie(header, accounts[6] ?? account()));
    expect(again.split('~')).toHaveLength(5);
  });

  it('is HttpOnly and SameSite, sent only to sign-in (Secure is added to every cookie alike)', () => {
    const plain = deviceCookie('other=1; theme=dark', account());
    expect(plain).toMatch(
      /^device=[^;~]+; Path=\/api\/user\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
  });
});
