import type { DurationId } from './ad-options.js';
import ads from './i18n/catalogues/ads/en.js';
import { durationMessages } from './i18n/catalogues/durations/sayings.js';
import { sayingsOf, type Said, type Text } from './i18n/said.js';
import type { RejectionCode } from './moderation.js';
import { durationSaid } from './prices.js';

/*
 * Badge texts and tones of SPEC.md section 4, shared so every screen shows the same.
 * The texts are named (`Said`, the `ads` area's `badges`; a time the `durations` area's):
 * each screen says them in its reader's language (the web app with `useSay()`).
 */
export type BadgeTone = 'success' | 'warning' | 'danger' | 'default';

/** The badges' texts as named ones, from the English module (no compiled catalogue). */
const words = sayingsOf('ads', ads.badges, 'badges.');
const reasonWords = sayingsOf('ads', ads.rejectionReasons, 'rejectionReasons.');
const rejectedWithNote = sayingsOf('ads', ads.posts, 'posts.').rejectedReasonWithNote;

export function statusBadge(status: string): { label: Said; tone: BadgeTone } {
  switch (status) {
    case 'active':
      return { label: words.status.active, tone: 'success' };
    case 'incomplete':
      return { label: words.status.incomplete, tone: 'default' };
    case 'payment_pending':
      return { label: words.status.payment_pending, tone: 'warning' };
    case 'rejected':
      return { label: words.status.rejected, tone: 'danger' };
    case 'paused':
      return { label: words.status.paused, tone: 'warning' };
    case 'scheduled':
      return { label: words.status.scheduled, tone: 'default' };
    default:
      return { label: words.status.pending, tone: 'default' };
  }
}

/** The VIP options a type badge names with their length ('VIP 30 days'). */
const vipDurations: readonly string[] = ['DAYS_15', 'DAYS_30', 'DAYS_60', 'DAYS_180'];
const isVipDuration = (product: string): product is DurationId => vipDurations.includes(product);

export function typeBadge(type: string, product: string | null, paid = true): Said {
  switch (type) {
    case 'free':
    case 'free_verified':
      return words.type.free;
    case 'paid':
      // A VIP ad whose payment was refunded (or never made) shows no paid time.
      if (!paid) return words.type.vipNotPaid;
      return product && isVipDuration(product)
        ? words.type.vipFor({ duration: durationSaid(product) })
        : words.type.vip;
    case 'premium':
      return words.type.premium;
    case 'regular':
      return words.type.regular;
    default:
      return words.type.unknown;
  }
}

/**
 * Whole days left before `expiresAt` (a part of a day counts as a day): 0 once it has
 * passed, null with no expiry yet. My Posts' rows carry it (`daysLeft`).
 */
export function daysLeftUntil(expiresAt: Date | null, now: Date = new Date()): number | null {
  if (!expiresAt) return null;
  const ms = expiresAt.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}

/** The expiry badge's tone: over (0 days left), the last day, or days to go. */
export function expiryBadgeTone(daysLeft: number): BadgeTone {
  if (daysLeft <= 0) return 'danger';
  return daysLeft > 1 ? 'success' : 'default';
}

/**
 * The time an ad has left, in words: 'expired', '1 day', '12 days', or from 60 days on
 * whole months of 30 days ('3 months'); null with no expiry yet.
 */
export function describeExpiry(daysLeft: number | null): Said | null {
  if (daysLeft === null) return null;
  if (daysLeft <= 0) return words.expired;
  if (daysLeft >= 60) return durationMessages.months({ n: Math.floor(daysLeft / 30) });
  return durationMessages.days({ n: daysLeft });
}

/**
 * The line that says what a pending ad will get once approved ('VIP, 30 days from
 * approval; Premium, 15 days from approval'), never 'featured now'; null with no days held.
 */
export function heldTimeSaid(held: { paidDays: number; premiumDays: number }): Said | null {
  const vip = held.paidDays > 0 ? words.heldVip({ days: held.paidDays }) : null;
  const premium = held.premiumDays > 0 ? words.heldPremium({ days: held.premiumDays }) : null;
  if (vip && premium) return words.heldBoth({ vip, premium });
  return vip ?? premium;
}

/** A rejection reason's words, as the advertiser reads them (My Posts, the rejection mail). */
export function rejectionReasonSaid(code: RejectionCode): Said {
  return reasonWords[code];
}

/**
 * Why a moderator did not approve an ad, as My Posts says it: the reason's words, then the
 * moderator's own note as it was written; null with neither.
 */
export function rejectionSaid(rejection: {
  code: RejectionCode | null;
  note: string | null;
}): Text | null {
  const note = rejection.note?.trim() ?? '';
  if (!rejection.code) return note === '' ? null : note;
  const reason = reasonWords[rejection.code];
  return note === '' ? reason : rejectedWithNote({ reason, note });
}
