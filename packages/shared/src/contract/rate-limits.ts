/**
 * The named rate limits an endpoint declaration may spend (./endpoint.ts):
 * hits per window per client address and per account.
 */
import { lifecycle } from '../moderation.js';

export interface LimitRule {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

/** The limits on every secret-guessing call: per client address and per account. */
export const rateLimitRules = {
  login: { ip: { max: 30, windowMs: 15 * 60_000 }, account: { max: 10, windowMs: 15 * 60_000 } },
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
  /** Ad calls: the "account" is the ad id or, for SMS, the phone number. */
  createAd: {
    ip: { max: 30, windowMs: 60 * 60_000 },
    account: { max: 20, windowMs: 60 * 60_000 },
  },
  validateAd: {
    ip: { max: 120, windowMs: 10 * 60_000 },
    account: { max: 60, windowMs: 10 * 60_000 },
  },
  verifyAdEmail: {
    ip: { max: 30, windowMs: 15 * 60_000 },
    account: { max: 10, windowMs: 15 * 60_000 },
  },
  sendPhoneCode: {
    ip: { max: 10, windowMs: 60 * 60_000 },
    account: { max: 3, windowMs: 60 * 60_000 },
  },
  checkPhoneCode: {
    ip: { max: 30, windowMs: 15 * 60_000 },
    account: { max: 10, windowMs: 15 * 60_000 },
  },
  adEdit: { ip: { max: 300, windowMs: 10 * 60_000 }, account: { max: 120, windowMs: 10 * 60_000 } },
  refundAddress: {
    ip: { max: 20, windowMs: 60 * 60_000 },
    account: { max: 20, windowMs: 60 * 60_000 },
  },
  paymentCheck: {
    ip: { max: 60, windowMs: 10 * 60_000 },
    account: { max: 60, windowMs: 10 * 60_000 },
  },
  event: { ip: { max: 300, windowMs: 10 * 60_000 }, account: { max: 300, windowMs: 10 * 60_000 } },
  /** Preview tokens presented on the public pages: per address and per ad. */
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
