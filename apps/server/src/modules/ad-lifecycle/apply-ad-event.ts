import { adMessages, adToolLimits, isFreeType, lifecycle, type AdType } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import {
  cancelRefundOffers,
  closeOpenOrders,
  offerRefunds,
  refundHeldCredit,
  refundUnfinishedOrders,
  unapplyRefundedOrders,
  type NewRefund,
} from '../payments/refund-records.js';
import {
  adStateValues as value,
  approvePendingPhotos,
  deletePendingPhotos,
  findAdWithLifecycleFacts,
  hasBannedContact,
  updateAdState,
  type AdRow,
  type AdStateChange,
  type AdStateValue,
} from './ad-state-repository.js';
import {
  findPendingRevision,
  insertPendingRevision,
  revisionFields,
  serialiseRevisionFields,
  settleRevision,
  updateRevisionFields,
} from './revision-repository.js';
import { changedPlaces, type PublicAdChanges } from './public-ad-changes.js';
import { endVisits, replaceVisits, type NewVisit } from './visit-repository.js';
import {
  decide,
  decideCreate,
  type AdEvent,
  type AdFacts,
  type AdTransition,
} from './transitions.js';

export type { AdRow };
/** The ad's content columns an edit may change (never its state). */
export type AdContentFields = Partial<
  Pick<
    AdRow,
    | 'countryCode'
    | 'citySlug'
    | 'title'
    | 'descriptionHtml'
    | 'descriptionText'
    | 'name'
    | 'age'
    | 'phone'
    | 'phoneE164'
    | 'phoneVerifiedAt'
    | 'ethnicity'
    | 'business'
    | 'incalls'
    | 'outcalls'
    | 'backlink'
    | 'backlinkKey'
    | 'flags'
    | 'rates'
    | 'hours'
  >
> &
  Record<string, unknown>;

/** Grace period before a deleted ad's personal data is wiped (DECISIONS.md). */
export const PURGE_AFTER_SECONDS = 7 * 24 * 60 * 60;

export interface AdEventInput {
  /** store_fields / store_revision: the edited content. */
  fields?: AdContentFields;
  /** record_review: the moderator, and for a rejection its reason. */
  reviewer?: { id: string };
  rejection?: { code: string | null; reason: string };
  /** store_visits: the visits to other cities, checked by the caller (plan-visits.ts). */
  visits?: readonly NewVisit[];
}

export interface AdEventResult {
  before: AdRow;
  after: AdRow;
  transition: AdTransition;
  /** offer_refunds: the refunds offered, with their link tokens (for the rejection mail). */
  refundOffers: NewRefund[];
  /** refund_held_credit: refunds recorded for a deleted ad's unstarted time. */
  refunds: NewRefund[];
  /** cancel_refund_offers: how many offers of a refund ended (for the audit). */
  refundsCancelled: number;
}

/** What applying an event needs besides the transaction. */
export interface AdEventDeps {
  /** The jobs an effect starts (the purge of a deleted ad, refund mails). */
  queue: JobQueue;
  /** Where a change the public sees is announced, for every server's page cache. */
  adChanges: PublicAdChanges;
}

export function factsOf(
  ad: AdRow,
  extra: { ownerBanned: boolean; pendingRevision: boolean },
): AdFacts {
  return {
    status: ad.status,
    type: ad.type,
    paid: ad.paid,
    paidDays: ad.paidDays,
    premiumDays: ad.premiumDays,
    expiresAt: ad.expiresAt,
    ownerBanned: extra.ownerBanned,
    pendingRevision: extra.pendingRevision,
    availableUntil: ad.availableUntil,
    availableStarts: ad.availableStarts,
    startsOn: ad.startsOn,
  };
}

/** The ad and the facts the table reads; with `forUpdate` the row stays locked for the transaction. */
export async function loadAdFacts(
  db: Db,
  adId: number,
  options: { forUpdate?: boolean } = {},
): Promise<{ ad: AdRow; facts: AdFacts } | null> {
  const row = await findAdWithLifecycleFacts(db, adId, options);
  if (!row) return null;
  return { ad: row.ad, facts: factsOf(row.ad, row) };
}

/** Where a published ad's time runs from: the free days, or the paid days it held. */
function publishedExpiry(type: AdType): AdStateValue {
  return isFreeType(type) ? value.daysFromNow(lifecycle.freeAdDays) : value.paidTimeFromNow();
}

const pendingRevision = (tx: Tx, adId: number) =>
  findPendingRevision(tx.db, adId, { forUpdate: true });

/**
 * Applies one event of the lifecycle table to an ad, in the caller's
 * transaction: locks the ad, decides (refusing with the event's catalogue
 * message and writing nothing when the table has no row), then runs the
 * row's effects. The only code that writes an ad's status, paid time,
 * expiry, premium and publication columns, and so the one place that tells
 * the servers' page caches (after the commit) that an ad the public sees changed.
 */
export async function applyAdEvent(
  tx: Tx,
  deps: AdEventDeps,
  adId: number,
  event: AdEvent,
  input: AdEventInput = {},
): Promise<AdEventResult> {
  const loaded = await loadAdFacts(tx.db, adId, { forUpdate: true });
  if (!loaded) throw new NotFoundError(adMessages.wizard.notFound);
  const { ad: before, facts } = loaded;
  const decision = decide(facts, event);
  if (!decision.ok) throw new ConflictError(decision.message);
  const { transition } = decision;

  const set: AdStateChange = { status: decision.to, updatedAt: value.now() };
  const result: Omit<AdEventResult, 'after'> = {
    before,
    transition,
    refundOffers: [],
    refunds: [],
    refundsCancelled: 0,
  };
  const after: Array<() => Promise<void>> = [];
  /** The other cities whose pages the ad's visits were on or will be on. */
  const visited: string[] = [];

  for (const effect of transition.effects) {
    switch (effect) {
      case 'store_fields':
        Object.assign(set, input.fields ?? {});
        break;
      case 'store_type':
        if (event.type === 'change_type') set.type = event.to;
        break;
      case 'store_revision': {
        const open = await pendingRevision(tx, adId);
        const fields = { ...(open?.fields ?? {}), ...serialiseRevisionFields(input.fields ?? {}) };
        if (open) await updateRevisionFields(tx.db, open.id, fields);
        else await insertPendingRevision(tx.db, adId, fields);
        break;
      }
      case 'mark_submitted':
        set.submittedAt = value.now();
        break;
      case 'hold_paid_days':
        if (event.type !== 'payment_arrives') break;
        set.paid = true;
        set.paidDays = value.heldDaysPlus('paidDays', event.days);
        set.product = event.optionId;
        break;
      case 'hold_premium_days':
        if (event.type !== 'payment_arrives') break;
        set.premiumDays = value.heldDaysPlus('premiumDays', event.days);
        break;
      case 'extend_expiry':
        if (event.type !== 'payment_arrives') break;
        set.paid = true;
        set.product = event.optionId;
        set.expiresAt = value.extendedBy('expiresAt', event.days);
        // A renewal of a paid ad: it counts as newly listed (publish sets it anew if not public yet).
        set.listedAt = value.now();
        break;
      case 'extend_premium':
        if (event.type !== 'payment_arrives') break;
        set.premiumUntil = value.extendedBy('premiumUntil', event.days);
        break;
      case 'publish':
        set.approved = true;
        set.postedAt = value.now();
        set.listedAt = value.now();
        set.expiresAt = publishedExpiry(before.type);
        set.paidDays = 0;
        set.premiumUntil = value.premiumTimeFromNow();
        set.premiumDays = 0;
        after.push(() => approvePendingPhotos(tx.db, adId));
        break;
      case 'record_review':
        set.reviewedAt = value.now();
        set.reviewedBy = input.reviewer?.id ?? null;
        set.rejectionCode = input.rejection?.code ?? null;
        set.rejectionReason = input.rejection?.reason ?? null;
        break;
      case 'unpublish':
        set.approved = false;
        if (!isFreeType(before.type)) {
          set.paidDays = value.heldDaysPlusTimeLeft('paidDays', 'expiresAt');
        }
        set.expiresAt = null;
        set.premiumDays = value.heldDaysPlusTimeLeft('premiumDays', 'premiumUntil');
        set.premiumUntil = null;
        set.pausedAt = null;
        break;
      case 'hold_clocks':
        set.pausedAt = value.now();
        break;
      case 'run_clocks':
        set.expiresAt = value.movedOnByPause('expiresAt');
        set.premiumUntil = value.movedOnByPause('premiumUntil');
        set.pausedAt = null;
        break;
      case 'start_availability':
        if (event.type !== 'make_available') break;
        set.availableUntil = value.hoursFromNow(event.hours);
        set.availableSince = value.now();
        set.availableStarts = value.availableStartsWithNow(adToolLimits.availableWindowHours);
        break;
      case 'end_availability':
        set.availableUntil = null;
        set.availableSince = null;
        break;
      case 'store_visits':
        after.push(async () => {
          visited.push(...(await replaceVisits(tx.db, adId, input.visits ?? [])));
        });
        break;
      case 'end_visits':
        after.push(async () => {
          visited.push(...(await endVisits(tx.db, adId)));
        });
        break;
      case 'offer_refunds':
        after.push(async () => {
          result.refundOffers = await offerRefunds(tx, adId);
        });
        break;
      case 'cancel_refund_offers':
        after.push(async () => {
          result.refundsCancelled = await cancelRefundOffers(tx, adId);
        });
        break;
      case 'apply_revision':
      case 'merge_revision': {
        const open = await pendingRevision(tx, adId);
        if (!open) break;
        Object.assign(set, revisionFields(open));
        const applied = effect === 'apply_revision';
        await settleRevision(tx.db, open.id, {
          state: applied ? 'approved' : 'merged',
          reviewedNow: applied,
          reviewedBy: applied ? (input.reviewer?.id ?? null) : null,
        });
        after.push(() => approvePendingPhotos(tx.db, adId));
        break;
      }
      case 'discard_revision': {
        const open = await pendingRevision(tx, adId);
        if (!open) break;
        await settleRevision(tx.db, open.id, {
          state: input.rejection ? 'rejected' : 'discarded',
          reviewedNow: input.rejection !== undefined,
          reviewedBy: input.reviewer?.id ?? null,
          rejection: {
            code: input.rejection?.code ?? null,
            reason: input.rejection?.reason ?? null,
          },
        });
        // Photos that came with the refused edit never go public.
        await deletePendingPhotos(tx.db, adId);
        break;
      }
      case 'clear_expiry':
        set.expiresAt = null;
        break;
      case 'restart_free_time':
        set.expiresAt = value.daysFromNow(lifecycle.freeAdDays);
        set.listedAt = value.now();
        break;
      case 'retire':
        set.approved = false;
        set.deletedAt = value.now();
        set.editTokenHash = null;
        set.activationTokenHash = null;
        after.push(() =>
          deps.queue.send(tx, 'purge-deleted-ad', { adId }, { startAfter: PURGE_AFTER_SECONDS }),
        );
        break;
      case 'close_orders':
        after.push(() => closeOpenOrders(tx, adId));
        break;
      case 'refund_held_credit':
        after.push(async () => {
          // Money on orders that never completed goes back whatever the ad's state.
          const unfinished = await refundUnfinishedOrders(tx, deps.queue, adId);
          const held =
            // Time that started (public, paused or run out) is not refunded.
            before.status === 'active' || before.status === 'paused' || before.status === 'expired'
              ? []
              : await refundHeldCredit(tx, deps.queue, before);
          result.refunds = [...held, ...unfinished];
        });
        break;
      case 'drop_credit':
        set.paid = false;
        set.paidDays = 0;
        set.premiumDays = 0;
        set.product = null;
        after.push(() => unapplyRefundedOrders(tx, adId));
        break;
    }
  }

  const updated = await updateAdState(tx.db, adId, set);
  if (!updated) throw new Error('ad vanished under its lock');
  for (const step of after) await step();
  // Every change the public sees, whichever event made it: the pages that show the
  // ad leave every server's cache once it has committed (not before: a server would
  // render the old version again).
  const places = [
    ...changedPlaces(before, updated),
    ...[...new Set(visited)].map((citySlug) => ({ adId, siteId: updated.siteId, citySlug })),
  ];
  if (places.length > 0) tx.afterCommit(() => deps.adChanges.announce(places));
  return { ...result, after: updated };
}

/**
 * The status a new ad starts in (the table's create rows). A poster whose
 * email, or phone, belongs to a banned account may not post again.
 */
export async function initialAdStatus(
  tx: Tx,
  ad: { type: AdType; emailNormalized: string; phoneE164: string | null },
): Promise<AdRow['status']> {
  const banned = await isBannedContact(tx, ad.emailNormalized, ad.phoneE164);
  const decision = decideCreate(ad.type, banned);
  if (!decision.ok) throw new ForbiddenError(decision.message);
  return decision.to;
}

/** Whether the email is a banned account's, or the phone is on an ad of a banned account. */
export async function isBannedContact(
  tx: Tx,
  emailNormalized: string,
  phoneE164: string | null,
): Promise<boolean> {
  return hasBannedContact(tx.db, emailNormalized, phoneE164);
}
