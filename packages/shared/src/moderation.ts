import type { AdType } from './ad-options.js';
import * as adWords from './i18n/catalogues/ad-options/en/reports.js';

/**
 * The promise made to advertisers (SPEC.md section 1, DECISIONS.md): verified ads
 * are reviewed within 48 hours, free ads within about a week, paid ads first.
 * The queue orders by the deadline these give, paid ads ahead of the rest.
 */
export const reviewPromiseHours: Record<AdType, number> = {
  paid: 24,
  premium: 24,
  free_verified: 48,
  free: 7 * 24,
};

/** Why a moderator does not approve an ad; the text goes to the advertiser with the free text. */
export const rejectionReasons = [
  { code: 'explicit_language', label: 'Explicit language in the title or description' },
  { code: 'explicit_media', label: 'Explicit or offensive photos' },
  { code: 'age_unclear', label: 'Age not shown to be legal, or photos that look underage' },
  { code: 'not_the_person', label: 'Photos that do not show the person advertised' },
  {
    code: 'verification_photo',
    label: 'The verification photo does not show the site, the date and the ad\u2019s code',
  },
  { code: 'invalid_contact', label: 'Phone number or email does not work' },
  { code: 'backlink_missing', label: 'The link back to our site is missing' },
  { code: 'illegal_or_scam', label: 'Illegal activity, phishing or scam' },
  { code: 'duplicate', label: 'Duplicate of another ad' },
  { code: 'other', label: 'Other' },
] as const;
export const rejectionCodes = rejectionReasons.map((r) => r.code) as [
  (typeof rejectionReasons)[number]['code'],
  ...(typeof rejectionReasons)[number]['code'][],
];
export type RejectionCode = (typeof rejectionReasons)[number]['code'];

/** What a visitor may report an ad for; priority 0 goes to the top of the moderators' queue. */
export const reportReasons = [
  { code: 'underage', label: adWords.reportReasons.underage, priority: 0 },
  { code: 'trafficking', label: adWords.reportReasons.trafficking, priority: 0 },
  { code: 'scam', label: adWords.reportReasons.scam, priority: 1 },
  { code: 'not_the_person', label: adWords.reportReasons.not_the_person, priority: 1 },
  { code: 'explicit', label: adWords.reportReasons.explicit, priority: 2 },
  { code: 'wrong_contact', label: adWords.reportReasons.wrong_contact, priority: 2 },
  { code: 'other', label: adWords.reportReasons.other, priority: 2 },
] as const;
export const reportReasonCodes = [
  'underage',
  'trafficking',
  'scam',
  'not_the_person',
  'explicit',
  'wrong_contact',
  'other',
] as const;
export type ReportReasonCode = (typeof reportReasonCodes)[number];

/** Hours within which moderators look at a report, by its priority. */
export const reportPromiseHours: Record<number, number> = { 0: 1, 1: 24, 2: 72 };

export const auditTargetTypes = ['ad', 'user', 'refund', 'report', 'order', 'message'] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

export const auditActions = [
  'ad.approve',
  'ad.reject',
  'ad.approve_revision',
  'ad.reject_revision',
  'report.dismiss',
  'user.ban',
  'user.unban',
  'user.role',
  'refund.sent',
  'user.create',
  'order.recheck',
  'message.resend',
  'user.delete',
  'user.erase',
  /** An operator removed every second factor of an account that lost them (issue 27). */
  'user.second_factors_reset',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const lifecycle = {
  /** Free ads run 30 days from approval and renew for free (DECISIONS.md). */
  freeAdDays: 30,
  /** Reminders before expiry. */
  reminderDays: { week: 7, day: 1 },
  previewTokenMinutes: 10,
  /** Reports per IP per hour. */
  reportsPerHour: 5,
  cityPageSize: 24,
} as const;
