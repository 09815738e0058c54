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
