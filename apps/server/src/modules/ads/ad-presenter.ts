import {
  daysLeftUntil,
  needsVerificationPhoto,
  rejectionCodes,
  type RejectionCode,
  type AdLifecycleView,
  type Photo,
  type Ad,
  type AdListRow,
  type AdToolState,
} from '@adboard/shared';
import type { AdListItem, AdRow, AdWithPlace } from './ad-repository.js';
import { adAbilities, availableStartsLeft, type AdFacts } from '../ad-lifecycle/transitions.js';

/** Pause, resume, 'Available now' and visits of an ad, as the lifecycle table allows them now. */
export function presentTools(
  ad: Pick<AdRow, 'availableUntil' | 'startsOn'>,
  facts: AdFacts,
  now: Date = new Date(),
): AdToolState {
  const abilities = adAbilities(facts);
  const running = ad.availableUntil !== null && ad.availableUntil.getTime() > now.getTime();
  return {
    availableUntil: running && ad.availableUntil ? ad.availableUntil.toISOString() : null,
    availableStartsLeft: availableStartsLeft(facts, now),
    availableStartable: abilities.availableStartable,
    pausable: abilities.pausable,
    resumable: abilities.resumable,
    visitsPlannable: abilities.visitsPlannable,
    startsOn: ad.startsOn,
  };
}

/**
 * When the ad's time would end if it ran on from now: a paused ad's clock stopped when
 * it was paused, so My Posts shows the time it holds, not a countdown.
 */
function runningExpiry(ad: { expiresAt: Date | null; pausedAt: Date | null }, now: Date) {
  if (!ad.expiresAt || !ad.pausedAt) return ad.expiresAt;
  return new Date(now.getTime() + Math.max(0, ad.expiresAt.getTime() - ad.pausedAt.getTime()));
}

/** The ad as its owner sees it (GET /api/post/{id}), with SPEC.md section 3's names. */
export function presentAd(
  { ad, city, countryName }: AdWithPlace,
  photos: Photo[],
  lifecycle: AdLifecycleView,
  tools: AdToolState,
): Ad {
  return {
    post_id: String(ad.id),
    type: ad.type,
    status: ad.status,
    title: ad.title,
    description: ad.descriptionHtml,
    age: ad.age,
    ethnicity: ad.ethnicity,
    phone: ad.phone,
    email: ad.email,
    name: ad.name,
    business: ad.business,
    incalls: ad.incalls,
    outcalls: ad.outcalls,
    backlink: ad.backlink,
    contacts: ad.publicContacts,
    rates: ad.rates,
    hours: ad.hours,
    starts_on: ad.startsOn,
    tools,
    country: ad.countryCode,
    country_full: countryName,
    city: ad.citySlug,
    city_full: city.name,
    region: city.region,
    photos,
    // The owner's answer only: never in a public view.
    verification_photo_code: needsVerificationPhoto(ad.type) ? ad.verificationPhotoCode : null,
    paid: ad.paid,
    product: ad.product,
    expiry: ad.expiresAt ? ad.expiresAt.toISOString() : null,
    premium_until: ad.premiumUntil ? ad.premiumUntil.toISOString() : null,
    approved: ad.approved,
    posted: ad.postedAt ? ad.postedAt.toISOString() : null,
    flagged: ad.flags.length > 0,
    lifecycle,
    verification: {
      verified_email: ad.emailVerifiedAt !== null,
      verified_phone: ad.phoneVerifiedAt !== null,
      phone_verify: ad.phoneE164 !== null && ad.phoneVerifiedAt === null,
      error: null,
    },
  };
}

/** One row of My Posts. */
export function presentListRow(ad: AdListItem, now: Date = new Date()): AdListRow {
  const expiresAt = runningExpiry(ad, now);
  const expired = expiresAt !== null && expiresAt.getTime() <= now.getTime();
  const facts = listRowFacts(ad);
  return {
    postId: String(ad.id),
    title: ad.title,
    location: `${ad.cityName}, ${ad.region}`,
    posted: ad.postedAt ? ad.postedAt.toISOString() : null,
    status: expired && ad.status === 'active' ? 'expired' : ad.status,
    daysLeft: daysLeftUntil(expiresAt, now),
    product: ad.product,
    type: ad.type,
    city: ad.citySlug,
    country: ad.countryCode,
    premiumUntil: ad.premiumUntil ? ad.premiumUntil.toISOString() : null,
    paid: ad.paid,
    heldPaidDays: ad.paidDays,
    heldPremiumDays: ad.premiumDays,
    pendingRevision: Boolean(ad.pendingRevision),
    featurable: adAbilities(facts).featurable,
    rejectionCode: ad.status === 'rejected' ? knownRejectionCode(ad.rejectionCode) : null,
    rejectionNote: ad.status === 'rejected' ? rejectionNote(ad.rejectionReason) : null,
    refundOffered: ad.status === 'rejected' && Boolean(ad.refundOffered),
    tools: presentTools(ad, facts, now),
  };
}

/** The lifecycle's facts of a My Posts row (the signed-in owner: not banned). */
function listRowFacts(ad: AdListItem): AdFacts {
  return {
    status: ad.status,
    type: ad.type,
    paid: ad.paid,
    paidDays: ad.paidDays,
    premiumDays: ad.premiumDays,
    expiresAt: ad.expiresAt,
    ownerBanned: false,
    pendingRevision: Boolean(ad.pendingRevision),
    availableUntil: ad.availableUntil,
    availableStarts: ad.availableStarts,
    startsOn: ad.startsOn,
  };
}

/** The reason the moderator chose, if it is one of the list (the row names it, the app says it). */
function knownRejectionCode(code: string | null): RejectionCode | null {
  return rejectionCodes.find((known) => known === code) ?? null;
}

/** The moderator's own words, as written: null when there are none. */
function rejectionNote(note: string | null): string | null {
  const trimmed = note?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The lifecycle's answers for the owner's screens, from the transition table. */
export function presentLifecycle(
  ad: AdRow,
  facts: AdFacts,
  revisionRejection: string | null,
  now: Date = new Date(),
): AdLifecycleView {
  const abilities = adAbilities(facts);
  return {
    payable: abilities.payable,
    premiumPayable: abilities.premiumPayable,
    featurable: abilities.featurable,
    editable: abilities.editable,
    editNeedsReview: abilities.editNeedsReview,
    submittable: abilities.submittable,
    freeTypeChoosable: abilities.freeTypeChoosable,
    resubmittable: abilities.resubmittable,
    renewable: abilities.renewable,
    pendingRevision: facts.pendingRevision,
    revisionRejection,
    heldPaidDays: ad.paidDays,
    heldPremiumDays: ad.premiumDays,
    featured:
      ad.status === 'active' &&
      ad.premiumUntil !== null &&
      ad.premiumUntil.getTime() > now.getTime(),
  };
}
