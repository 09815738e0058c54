import {
  moderationMessages,
  needsVerificationPhoto,
  reportPromiseHours,
  reviewPromiseHours,
  type AdReview,
  type Report,
} from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { NotFoundError } from '../../domain/errors.js';
import {
  listPhotos,
  signedPhotoUrl,
  THUMB_WIDTH,
  type PhotoLinks,
} from '../photos/photo-queries.js';
import { findAdWithPlace, type AdRow } from '../ads/ad-queries.js';
import { loadAdFacts } from '../ad-lifecycle/apply-ad-event.js';
import { findPendingRevision, revisionFields } from '../ad-lifecycle/revision-queries.js';
import { reviewAbilities } from '../ad-lifecycle/transitions.js';
import {
  findUserById,
  listOtherAdsOfPoster,
  listPaymentOrdersOfAd,
} from './ad-review-repository.js';
import { auditOf } from './audit-log.js';
import { reportsOfAd } from './reports-admin.js';
import { findReviewSignals } from './review-flags.js';
import { describeRevisionChanges } from './revision-changes.js';

const HOUR_MS = 3_600_000;
const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/**
 * One ad as a moderator reviews it: what the public page shows, and what only
 * moderators need (the verification photo, flags, history, the owner and
 * their other ads, payments, reports). Deleted ads can still be looked at; their
 * photos load through moderators' signed links until the purge.
 */
export async function loadAdReview(db: Db, links: PhotoLinks, id: string): Promise<AdReview> {
  const [found, loaded] = await Promise.all([
    findAdWithPlace(db, id),
    Number.isSafeInteger(Number(id)) ? loadAdFacts(db, Number(id)) : undefined,
  ]);
  if (!found || !loaded) throw new NotFoundError(moderationMessages.notFound);
  const { ad, city, countryName } = found;

  const [photos, reports, history, ownerRow, ownerAds, payments, revision] = await Promise.all([
    listPhotos(db, ad.id),
    reportsOfAd(db, ad.id, ad.title),
    auditOf(db, 'ad', String(ad.id)),
    ad.ownerId ? findUserById(db, ad.ownerId) : Promise.resolve(undefined),
    otherAdsOfPoster(db, ad),
    listPaymentOrdersOfAd(db, ad.id),
    findPendingRevision(db, ad.id),
  ]);
  const openReports = reports.filter((r) => r.resolvedAt === null);
  // With an edit waiting, the flags are about what the edit would publish.
  const proposed: AdRow = revision ? { ...ad, ...revisionFields(revision) } : ad;
  const signals = await findReviewSignals(db, proposed, photos, openReports.length);

  return {
    postId: String(ad.id),
    siteId: ad.siteId,
    type: ad.type,
    product: ad.product,
    status: ad.status,
    paid: ad.paid,
    title: ad.title,
    descriptionHtml: ad.descriptionHtml,
    name: ad.name,
    age: ad.age,
    ethnicity: ad.ethnicity,
    business: ad.business,
    incalls: ad.incalls,
    outcalls: ad.outcalls,
    phone: ad.phone,
    email: ad.email,
    backlink: ad.backlink,
    rates: ad.rates,
    hours: ad.hours,
    startsOn: ad.startsOn,
    city: ad.citySlug,
    cityName: city.name,
    countryName,
    emailVerified: ad.emailVerifiedAt !== null,
    phoneVerified: ad.phoneVerifiedAt !== null,
    createdAt: ad.createdAt.toISOString(),
    submittedAt: iso(ad.submittedAt),
    postedAt: iso(ad.postedAt),
    expiresAt: iso(ad.expiresAt),
    premiumUntil: iso(ad.premiumUntil),
    deadline: iso(deadlineOf(ad, openReports)),
    rejectionCode: ad.rejectionCode,
    rejectionReason: ad.rejectionReason,
    photos: photos.map((photo) => ({
      photoId: photo.id,
      url: signedPhotoUrl(links, 'staff', photo),
      thumbUrl: signedPhotoUrl(links, 'staff', photo, THUMB_WIDTH),
      primary: photo.isPrimary,
      verification: photo.isVerification,
      uploadedAt: photo.createdAt.toISOString(),
      sameOnAds: (signals.sameOnAds.get(photo.phash) ?? []).map((s) => ({
        postId: s.postId,
        ownerEmail: s.ownerEmail,
      })),
      pending: photo.pendingReview,
    })),
    verificationPhotoCode: needsVerificationPhoto(ad.type) ? ad.verificationPhotoCode : null,
    decisions: reviewAbilities(loaded.facts),
    revision: revision
      ? {
          savedAt: revision.updatedAt.toISOString(),
          changes: describeRevisionChanges(ad, proposed),
          newPhotos: photos.filter((photo) => photo.pendingReview).length,
        }
      : null,
    flags: signals.flags,
    owner: ownerRow
      ? {
          userId: ownerRow.id,
          email: ownerRow.email,
          role: ownerRow.role,
          banned: ownerRow.bannedAt !== null,
          createdAt: ownerRow.createdAt.toISOString(),
        }
      : null,
    ownerAds,
    payments: payments.map((order) => ({
      orderId: order.id,
      product: order.product,
      optionId: order.optionId,
      status: order.status,
      amountFiat: order.amountFiat,
      currency: order.currency,
      amountSats: order.amountSats.toString(),
      receivedSats: order.receivedSats.toString(),
      address: order.address,
      createdAt: order.createdAt.toISOString(),
      completedAt: iso(order.completedAt),
    })),
    reports,
    history,
  };
}

/** When the ad must be looked at: the review promise, or an open report's, whichever is first. */
function deadlineOf(ad: AdRow, openReports: Report[]): Date | null {
  const times: number[] = [];
  if (ad.status === 'pending') {
    const submitted = (ad.submittedAt ?? ad.createdAt).getTime();
    times.push(submitted + reviewPromiseHours[ad.type] * HOUR_MS);
  }
  for (const report of openReports) {
    const hours = reportPromiseHours[report.priority] ?? reportPromiseHours[2] ?? 72;
    times.push(new Date(report.createdAt).getTime() + hours * HOUR_MS);
  }
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}

/**
 * The owner's other ads, deleted ones included (a pattern of deleted ads matters
 * too); for an ad without an account, the other ads posted with its email.
 */
async function otherAdsOfPoster(db: Db, ad: AdRow): Promise<AdReview['ownerAds']> {
  const rows = await listOtherAdsOfPoster(db, ad);
  return rows.map((row) => ({
    postId: String(row.id),
    title: row.title,
    status: row.status,
    type: row.type,
  }));
}
