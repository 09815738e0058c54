/**
 * What a screen needs to know of passkeys before it uses one (issue 27): whether the
 * browser has WebAuthn, and the error of a dismissed prompt. Apart from the passkey
 * calls (passkey-api.ts), which the sign-in page loads only when a passkey is used.
 */

/** Whether this browser has WebAuthn at all (a passkey button is pointless without). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Thrown when the browser's passkey prompt was dismissed, failed or is not there. */
export class PasskeyPromptError extends Error {
  override readonly name = 'PasskeyPromptError';
}
