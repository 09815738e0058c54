import {
  describeExpiry,
  heldTimeNote,
  needsVerificationPhoto,
  rejectionReasons,
  type AdLifecycleView,
  type Photo,
  type Ad,
  type AdListRow,
} from '@adboard/shared';
import type { AdListItem, AdRow, AdWithPlace } from './ad-repository.js';
import { adAbilities, type AdFacts } from '../ad-lifecycle/transitions.js';

/** The ad as its owner sees it (GET /api/post/{id}), with SPEC.md section 3's names. */
export function presentAd(
  { ad, city, countryName }: AdWithPlace,
  photos: Photo[],
  lifecycle: AdLifecycleView,
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
  const expired = ad.expiresAt !== null && ad.expiresAt.getTime() <= now.getTime();
  return {
    postId: String(ad.id),
    title: ad.title,
    location: `${ad.cityName}, ${ad.region}`,
    posted: ad.postedAt ? ad.postedAt.toISOString() : null,
    status: expired && ad.status === 'active' ? 'expired' : ad.status,
    expiresIn: describeExpiry(ad.expiresAt, now),
    product: ad.product,
    type: ad.type,
    city: ad.citySlug,
    premiumUntil: ad.premiumUntil ? ad.premiumUntil.toISOString() : null,
    paid: ad.paid,
    paidNote: heldTimeNote({ paidDays: ad.paidDays, premiumDays: ad.premiumDays }),
    pendingRevision: Boolean(ad.pendingRevision),
    featurable: adAbilities(listRowFacts(ad)).featurable,
    rejectionReason: ad.status === 'rejected' ? rejectionText(ad) : null,
    refundOffered: ad.status === 'rejected' && Boolean(ad.refundOffered),
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
  };
}

/** The moderator's reason as the rejection mail gives it: its label, then the note. */
function rejectionText(ad: Pick<AdListItem, 'rejectionCode' | 'rejectionReason'>): string | null {
  const label = rejectionReasons.find((r) => r.code === ad.rejectionCode)?.label;
  const note = ad.rejectionReason?.trim() ?? '';
  if (label && note) return `${label}: ${note}`;
  return label ?? (note === '' ? null : note);
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
    paidNote: heldTimeNote({ paidDays: ad.paidDays, premiumDays: ad.premiumDays }),
    featured:
      ad.status === 'active' &&
      ad.premiumUntil !== null &&
      ad.premiumUntil.getTime() > now.getTime(),
  };
}
