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
} as const;

/** Toast behaviour of SPEC.md section 9. */
export const toastRules = {
  durationsMs: { blank: 4000, error: 4000, success: 2000, custom: 4000 },
  maxToasts: 20,
  removeDelayMs: 1000,
} as const;

export const storageKeys = {
  session: 'session',
  email: 'email',
  userId: 'userId',
} as const;

export const roles = ['advertiser', 'moderator', 'admin'] as const;
export type Role = (typeof roles)[number];
