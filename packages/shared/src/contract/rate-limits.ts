/**
 * The named rate limits an endpoint declaration may spend (./endpoint.ts):
 * hits per window per client address and per account.
 */
import { lifecycle } from '../moderation.js';
import { paymentPollMs } from '../schemas/payments.js';

/**
 * Chain checks per 10 minutes a payment page asks for, one per poll while nothing is
 * seen (and one when the owner comes back to it), for three pages open at once from
 * one client address, or on one order.
 */
const paymentChecksPer10Minutes = 3 * ((10 * 60_000) / paymentPollMs);

export interface LimitRule {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * Fixed windows: hits per client address (an IPv6 address counts by its /64)
 * and per account. No account is a key all clients share, or one a stranger
 * can spend for its owner: emails named in a body count per email and client.
 */
export const rateLimitRules = {
  /**
   * Sign-in attempts per address, right or wrong (argon2 is costly); wrong
   * passwords are counted by `loginLockout` instead of a per-account window.
   */
  login: { ip: { max: 30, windowMs: 15 * 60_000 }, account: { max: 30, windowMs: 15 * 60_000 } },
  register: { ip: { max: 10, windowMs: 60 * 60_000 }, account: { max: 5, windowMs: 60 * 60_000 } },
  verifyEmail: {
    ip: { max: 30, windowMs: 15 * 60_000 },
    account: { max: 10, windowMs: 15 * 60_000 },
  },
  resendCode: {
    ip: { max: 10, windowMs: 60 * 60_000 },
    account: { max: 5, windowMs: 60 * 60_000 },
  },
  resetPassword: {
    ip: { max: 10, windowMs: 60 * 60_000 },
    account: { max: 5, windowMs: 60 * 60_000 },
  },
  changePassword: {
    ip: { max: 20, windowMs: 60 * 60_000 },
    account: { max: 10, windowMs: 60 * 60_000 },
  },
  /** The language menu's choice kept on a signed-in account (issue 30): per address and per user. */
  accountLanguage: {
    ip: { max: 120, windowMs: 10 * 60_000 },
    account: { max: 60, windowMs: 10 * 60_000 },
  },
  /** The account page's session list and its End buttons: per address and per signed-in user. */
  accountSessions: {
    ip: { max: 120, windowMs: 10 * 60_000 },
    account: { max: 60, windowMs: 10 * 60_000 },
  },
  /**
   * The account page's change password, per address and per signed-in user; a wrong
   * current password also counts on the account's sign-in failures (`loginLockout`).
   */
  accountPassword: {
    ip: { max: 20, windowMs: 60 * 60_000 },
    account: { max: 10, windowMs: 60 * 60_000 },
  },
  /** Asking to change the email: each mails a code to an address the caller names. */
  emailChange: {
    ip: { max: 10, windowMs: 60 * 60_000 },
    account: { max: 5, windowMs: 60 * 60_000 },
  },
  /** Entering the email change's code; each code also allows verificationCodeMaxAttempts. */
  emailChangeConfirm: {
    ip: { max: 30, windowMs: 15 * 60_000 },
    account: { max: 10, windowMs: 15 * 60_000 },
  },
  /**
   * Downloading one's data and deleting the account (each asks for the password again):
   * per address and per signed-in user, tight, since each costs a password hash.
   */
  accountData: {
    ip: { max: 10, windowMs: 15 * 60_000 },
    account: { max: 10, windowMs: 15 * 60_000 },
  },
  /**
   * The sign-in's second step, per address (its challenge allows
   * secondFactorLimits.challengeMaxAttempts codes; wrong codes also count on the
   * sign-in guard, per account or per device cookie).
   */
  secondFactorSignIn: {
    ip: { max: 30, windowMs: 15 * 60_000 },
    account: { max: 30, windowMs: 15 * 60_000 },
  },
  /**
   * Sign-in with a passkey (its options and its answer), per address; a passkey's
   * signature cannot be guessed, so no per-account count is needed to stop guessing.
   */
  passkeySignIn: {
    ip: { max: 30, windowMs: 15 * 60_000 },
    account: { max: 30, windowMs: 15 * 60_000 },
  },
  /**
   * The account page's two-step sign-in calls, per address and per signed-in user; the
   * password or code each asks again is also counted by the sign-in guard, per session.
   */
  secondFactors: {
    ip: { max: 60, windowMs: 15 * 60_000 },
    account: { max: 30, windowMs: 15 * 60_000 },
  },
  /** Ad calls: the "account" is the ad id. */
  createAd: {
    ip: { max: 30, windowMs: 60 * 60_000 },
    account: { max: 20, windowMs: 60 * 60_000 },
  },
  validateAd: {
    ip: { max: 120, windowMs: 10 * 60_000 },
    account: { max: 120, windowMs: 10 * 60_000 },
  },
  /** Backlink pages fetched by the form's check: per client, and per signed-in user or ad. */
  backlinkCheck: {
    ip: { max: 60, windowMs: 10 * 60_000 },
    account: { max: 60, windowMs: 10 * 60_000 },
  },
  /**
   * The ad's activation link: per client only. Its token is 256 random bits, so a
   * count per ad stops no guess and would let a stranger lock the owner's link.
   */
  verifyAdEmail: {
    ip: { max: 30, windowMs: 15 * 60_000 },
    account: { max: 30, windowMs: 15 * 60_000 },
  },
  /**
   * Asking for an SMS code, per client address and per ad (never per number: a
   * stranger's ad with the same number would lock the owner out). The texts
   * themselves are limited by adLimits.smsCodesPerHour and smsResendWaitSeconds.
   */
  sendPhoneCode: {
    ip: { max: 10, windowMs: 60 * 60_000 },
    account: { max: 30, windowMs: 60 * 60_000 },
  },
  /** Code checks per client address and per ad; each code also allows adLimits.smsCodeMaxAttempts. */
  checkPhoneCode: {
    ip: { max: 30, windowMs: 15 * 60_000 },
    account: { max: 10, windowMs: 15 * 60_000 },
  },
  adEdit: { ip: { max: 300, windowMs: 10 * 60_000 }, account: { max: 120, windowMs: 10 * 60_000 } },
  refundAddress: {
    ip: { max: 20, windowMs: 60 * 60_000 },
    account: { max: 20, windowMs: 60 * 60_000 },
  },
  /**
   * Chain checks a payment page asks for: one per poll while nothing is seen, for
   * up to three pages open at once from one address; the account is the order (its
   * ad and address), so no number of client addresses checks one order more often.
   * A refused page reads the stored status instead.
   */
  paymentCheck: {
    ip: { max: paymentChecksPer10Minutes, windowMs: 10 * 60_000 },
    account: { max: paymentChecksPer10Minutes, windowMs: 10 * 60_000 },
  },
  event: { ip: { max: 300, windowMs: 10 * 60_000 }, account: { max: 300, windowMs: 10 * 60_000 } },
  /**
   * Preview tokens presented on the public pages: per client only. Never per ad,
   * or a stranger's bogus tokens would lock the owner's real link.
   */
  previewToken: {
    ip: { max: 120, windowMs: 10 * 60_000 },
    account: { max: 120, windowMs: 10 * 60_000 },
  },
  /** Reports from the public pages: per address only (the ad is no account to protect). */
  report: {
    ip: { max: lifecycle.reportsPerHour, windowMs: 60 * 60_000 },
    account: { max: lifecycle.reportsPerHour, windowMs: 60 * 60_000 },
  },
} satisfies Record<string, { ip: LimitRule; account: LimitRule }>;

export type RateLimitAction = keyof typeof rateLimitRules;

/**
 * Wrong guesses that make the next try wait, as OWASP's brute-force guidance
 * describes: the first `free` cost nothing, then each waits `firstDelayMs`,
 * doubled per failure up to `maxDelayMs`; all are forgotten `forgetAfterMs`
 * after the last one.
 */
export interface FailureRule {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/**
 * Wrong passwords. Per address: slowed, then blocked for half an hour at a
 * time. Per account: growing waits of at most 15 minutes, never a lock, and a
 * browser holding the account's device cookie (it signed in or reset the
 * password before) counts on its own device instead.
 */
export const loginLockout = {
  address: { free: 10, firstDelayMs: 1_000, maxDelayMs: 30 * 60_000, forgetAfterMs: 60 * 60_000 },
  account: {
    free: 5,
    firstDelayMs: 1_000,
    maxDelayMs: 15 * 60_000,
    forgetAfterMs: 24 * 60 * 60_000,
  },
  device: { free: 10, firstDelayMs: 1_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
} satisfies Record<string, FailureRule>;

export type LoginLockout = Record<keyof typeof loginLockout, FailureRule>;

/** The wait after the `failures`-th failure (1-based) under `rule`. */
export function failureDelayMs(rule: FailureRule, failures: number): number {
  if (failures <= rule.free) return 0;
  const doublings = failures - rule.free - 1;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(doublings, 40));
}
