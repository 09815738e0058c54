/** Business constants of SPEC.md section 9 and DECISIONS.md that both sides rely on. */
export const limits = {
  passwordMinLengthDefault: 8,
  /** NIST SP 800-63B: accept at least 64 characters; 256 keeps hashing cheap. */
  passwordMaxLength: 256,
  emailMaxLength: 254,
  verificationCodeLength: 6,
  verificationCodeTtlMinutes: 15,
  verificationCodeMaxAttempts: 5,
  passwordResetTtlMinutes: 60,
  /**
   * Days between deleting an account (closed at once) and the erasure of its personal
   * data (docs/decisions.md, 'Deleting an account'): the same week a deleted ad waits.
   */
  accountErasureGraceDays: 7,
} as const;

/**
 * Second factors (issue 27): authenticator apps (TOTP, RFC 6238) and recovery codes,
 * the sign-in's second step and the device it may remember.
 */
export const secondFactorLimits = {
  /** RFC 6238's step and length, as every authenticator app uses them. */
  totpPeriodSeconds: 30,
  totpDigits: 6,
  /** Steps either side of now a code is still taken from (a clock a little off). */
  totpDriftSteps: 1,
  /** The secret's size: 160 bits, RFC 4226's recommendation (otplib refuses under 128). */
  totpSecretBytes: 20,
  /** Authenticator apps one account may hold at once. */
  maxFactorsPerAccount: 5,
  factorNameMaxLength: 60,
  /** How long a started set-up waits for its first code. */
  setupTtlMinutes: 15,
  recoveryCodeCount: 10,
  /** Each recovery code: 80 random bits (16 base32 characters), over ASVS's 64. */
  recoveryCodeBits: 80,
  /** The password step's answer lasts this long, for this many wrong codes. */
  challengeTtlMinutes: 5,
  challengeMaxAttempts: 5,
  /** "Remember this device": no second step on it for this long. */
  rememberDeviceDays: 30,
  /**
   * A passkey's credential id, base64url: WebAuthn allows ids of up to 1023 bytes
   * (1364 characters); the other parts of a browser's answer are far under 16 KiB.
   */
  passkeyIdMaxLength: 1400,
  passkeyDataMaxLength: 16_384,
  /** A passkey ceremony (its challenge kept on the server) lasts this long, once. */
  passkeyCeremonyTtlMinutes: 5,
} as const;

/** Toast behaviour of SPEC.md section 9. */
export const toastRules = {
  durationsMs: { blank: 4000, error: 4000, success: 2000, custom: 4000 },
  maxToasts: 20,
  removeDelayMs: 1000,
} as const;

/** The signed-in session in browser storage: the three items of SPEC.md section 3. */
export const storageKeys = {
  session: 'session',
  email: 'email',
  userId: 'userId',
} as const;

/**
 * The app's other browser storage: the ad being posted or edited (its id and edit
 * token, SPEC.md section 7) and the wizard's local drafts, one key each under the
 * prefix (`adDraft:<site>:<user-<id> | anon>:<new | ad id>`). Logout forgets the active
 * ad and every signed-in user's draft with the session (docs/decisions.md, 'Logout
 * forgets everything the app stored').
 */
export const adStorageKeys = {
  activeAd: 'activePost',
  draftPrefix: 'adDraft:',
} as const;

export const roles = ['advertiser', 'moderator', 'admin'] as const;
export type Role = (typeof roles)[number];
