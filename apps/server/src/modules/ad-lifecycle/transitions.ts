import {
  adToolLimits,
  adToolMessages,
  isFreeType,
  lifecycleMessages,
  utcDateOf,
  type AdStatus,
  type AdType,
  type Said,
} from '@adboard/shared';

/**
 * The ad's lifecycle, as one table: every change of an ad's status, paid time,
 * expiry, premium placement and publication is one of these rows. Read it top
 * to bottom; `decide` picks the first row whose state, event and guard match.
 * Any other (state, event) pair is refused with the event's catalogue message.
 */

/** What the rules look at; loaded under the ad's row lock (see apply-ad-event.ts). */
export interface AdFacts {
  status: AdStatus;
  type: AdType;
  /** VIP time was bought and not refunded (started or held). */
  paid: boolean;
  /** VIP days bought and held until the ad goes public. */
  paidDays: number;
  /** Premium days bought and held until the ad goes public. */
  premiumDays: number;
  expiresAt: Date | null;
  /** The owner's account, or the account of an anonymous ad's email, is banned. */
  ownerBanned: boolean;
  /** An edit of the live ad waits for review. */
  pendingRevision: boolean;
  /** 'Available now' runs until then (issue 29); null when it never ran or was ended. */
  availableUntil: Date | null;
  /** When 'Available now' was started, the last few times (the rolling window's count). */
  availableStarts: readonly Date[];
  /** The day (UTC, YYYY-MM-DD) the owner chose for the ad to go public; null: at approval. */
  startsOn: string | null;
}

export type PaymentProduct = 'paid' | 'premium';

export type AdEvent =
  | { type: 'create' }
  | { type: 'save' }
  /** A VIP ad with nothing paid becomes a free ad (`to`: the free type chosen). */
  | { type: 'change_type'; to: AdType }
  | { type: 'edit_live' }
  | { type: 'submit' }
  | { type: 'pay'; product: PaymentProduct }
  | { type: 'payment_arrives'; product: PaymentProduct; days: number; optionId: string }
  | { type: 'approve' }
  | { type: 'reject' }
  | { type: 'approve_revision' }
  | { type: 'reject_revision' }
  | { type: 'renew' }
  /** `at`: the clock of the expiry job that asks (now when not given). */
  | { type: 'expire'; at?: Date }
  | { type: 'delete' }
  | { type: 'ban_owner' }
  | { type: 'refund' }
  /** The owner takes the public ad off the pages; its clocks stop (issue 29). */
  | { type: 'pause' }
  | { type: 'resume' }
  /** A scheduled ad's start date has come (the lifecycle job's clock `at`). */
  | { type: 'start'; at?: Date }
  /** 'Available now' for `hours` hours (1–8). */
  | { type: 'make_available'; hours: number }
  | { type: 'end_available' }
  /** 'Available now' has run its time (the lifecycle job's clock `at`). */
  | { type: 'availability_ends'; at?: Date }
  /** The owner's list of visits to other cities (the list itself is the event's input). */
  | { type: 'plan_visits' };
export type AdEventType = AdEvent['type'];

export const adEventTypes: readonly AdEventType[] = [
  'create',
  'save',
  'change_type',
  'edit_live',
  'submit',
  'pay',
  'payment_arrives',
  'approve',
  'reject',
  'approve_revision',
  'reject_revision',
  'renew',
  'expire',
  'delete',
  'ban_owner',
  'refund',
  'pause',
  'resume',
  'start',
  'make_available',
  'end_available',
  'availability_ends',
  'plan_visits',
];

/** What a transition does besides moving the status; each is implemented in ad-effects.ts. */
export type AdEffect =
  | 'store_fields' // the edited fields are written to the ad
  | 'store_type' // the ad becomes the free type chosen
  | 'store_revision' // the edited fields wait as a revision; the public version stays
  | 'mark_submitted' // submitted_at = now: the ad enters the review queue
  | 'hold_paid_days' // VIP days are credited and wait for approval
  | 'hold_premium_days' // premium days are credited and wait for approval
  | 'extend_expiry' // a live ad's VIP time runs on from its current expiry
  | 'extend_premium' // a live ad's premium time runs on from its current end
  | 'publish' // public from now: held days start, approved, posted now
  | 'record_review' // who reviewed, when, and the rejection reason if any
  | 'unpublish' // off the public pages: time left is held again
  | 'offer_refunds' // money applied to the ad may be refunded on request
  | 'cancel_refund_offers' // resubmitted or approved: the money stays applied
  | 'apply_revision' // the reviewed edit replaces the public version
  | 'discard_revision' // the edit is refused; the public version stays
  | 'merge_revision' // the ad leaves the public pages: the pending edit becomes the ad
  | 'restart_free_time' // a live free ad runs lifecycle.freeAdDays from now
  | 'clear_expiry' // back to review from expired: the passed expiry is gone, time starts at approval
  | 'retire' // deleted: tokens end, personal data purged after the grace period
  | 'close_orders' // open payment addresses stop being shown
  | 'refund_held_credit' // paid time that never started, and money on unfinished orders, is refunded
  | 'drop_credit' // the ad's payment was refunded: it is unpaid
  | 'hold_clocks' // paused: since when, so its clocks move on by as much at resume
  | 'run_clocks' // resumed: expiry and premium end move on by the time it was paused
  | 'start_availability' // 'Available now' from now for the hours asked; the start is counted
  | 'end_availability' // 'Available now' ends
  | 'store_visits' // the visits to other cities are the list given
  | 'end_visits'; // no more visits to other cities

export type AdState = AdStatus | 'none';

interface Guard {
  /** Read in the generated table of docs/ARCHITECTURE.md. */
  label: string;
  test: (facts: AdFacts, event: AdEvent) => boolean;
}

export interface AdTransition {
  from: readonly AdState[];
  event: AdEventType;
  guard?: Guard;
  to: AdStatus | 'same';
  effects: readonly AdEffect[];
}

/** The clock an event is decided at: the job's `at`, else now. */
const clockOf = (event: AdEvent): Date =>
  (event.type === 'expire' || event.type === 'start' || event.type === 'availability_ends') &&
  event.at
    ? event.at
    : new Date();

const isDue = (f: AdFacts, e: AdEvent) =>
  f.expiresAt !== null && f.expiresAt.getTime() <= clockOf(e).getTime();

const isAvailable = (f: AdFacts, e: AdEvent) =>
  f.availableUntil !== null && f.availableUntil.getTime() > clockOf(e).getTime();

/** How many more times 'Available now' may start in the rolling window from `now`. */
export function availableStartsLeft(facts: AdFacts, now: Date = new Date()): number {
  const since = now.getTime() - adToolLimits.availableWindowHours * 3_600_000;
  const recent = facts.availableStarts.filter((t) => t.getTime() > since).length;
  return Math.max(0, adToolLimits.availableStartsPerDay - recent);
}

/** The start date is after the day of the event's clock (UTC). */
const startsLater = (f: AdFacts, e: AdEvent) =>
  f.startsOn !== null && f.startsOn > utcDateOf(clockOf(e));

const productOf = (event: AdEvent): PaymentProduct | null =>
  event.type === 'pay' || event.type === 'payment_arrives' ? event.product : null;

const guards = {
  vipType: { label: 'VIP ad', test: (f) => f.type === 'paid' },
  freeType: { label: 'free ad', test: (f) => isFreeType(f.type) },
  vipOfVipAd: {
    label: 'VIP time for a VIP ad',
    test: (f, e) => productOf(e) === 'paid' && f.type === 'paid',
  },
  premium: { label: 'premium', test: (_f, e) => productOf(e) === 'premium' },
  /** A VIP ad goes public only with its time paid for; a free ad always may. */
  resubmittable: {
    label: 'free, or VIP with its payment kept',
    test: (f) => isFreeType(f.type) || (f.paid && f.paidDays > 0),
  },
  reviewable: {
    label: 'free, or VIP paid',
    test: (f) => isFreeType(f.type) || f.paid,
  },
  revision: { label: 'an edit waits for review', test: (f) => f.pendingRevision },
  due: { label: 'its time is up', test: isDue },
  timeLeft: { label: 'its time is not up', test: (f, e) => !isDue(f, e) },
  reviewableLater: {
    label: 'free, or VIP paid; a start date after today',
    test: (f, e) => (isFreeType(f.type) || f.paid) && startsLater(f, e),
  },
  resubmittableLater: {
    label: 'free, or VIP with its payment kept; a start date after today',
    test: (f, e) => (isFreeType(f.type) || (f.paid && f.paidDays > 0)) && startsLater(f, e),
  },
  startDue: { label: 'its start date has come', test: (f, e) => !startsLater(f, e) },
  availableStartable: {
    label: `time left; fewer than ${adToolLimits.availableStartsPerDay} starts in ${adToolLimits.availableWindowHours} hours`,
    test: (f, e) => !isDue(f, e) && availableStartsLeft(f, clockOf(e)) > 0,
  },
  available: { label: 'available now', test: isAvailable },
  visitable: {
    label: 'a VIP ad paid for, with time left',
    test: (f, e) => (f.type === 'paid' || f.type === 'premium') && f.paid && !isDue(f, e),
  },
  availabilityOver: {
    label: 'its available time is up',
    test: (f, e) => f.availableUntil !== null && !isAvailable(f, e),
  },
  unpaidVipToFree: {
    label: 'VIP with nothing paid, to a free type',
    test: (f, e) =>
      f.type === 'paid' &&
      !f.paid &&
      f.paidDays === 0 &&
      e.type === 'change_type' &&
      isFreeType(e.to),
  },
  heldCredit: {
    label: 'VIP with its payment kept',
    test: (f) => f.type === 'paid' && f.paid,
  },
} satisfies Record<string, Guard>;

const LIVE_PAYABLE: readonly AdState[] = [
  'payment_pending',
  'pending',
  'scheduled',
  'active',
  'expired',
];
const NOT_DELETED: readonly AdState[] = [
  'incomplete',
  'payment_pending',
  'pending',
  'scheduled',
  'active',
  'paused',
  'rejected',
  'expired',
];

export const adTransitions: readonly AdTransition[] = [
  // Posting
  { from: ['none'], event: 'create', guard: guards.vipType, to: 'payment_pending', effects: [] },
  { from: ['none'], event: 'create', to: 'incomplete', effects: [] },
  {
    from: ['incomplete', 'payment_pending', 'pending', 'rejected', 'expired'],
    event: 'save',
    to: 'same',
    effects: ['store_fields'],
  },
  {
    from: ['payment_pending'],
    event: 'change_type',
    guard: guards.unpaidVipToFree,
    to: 'incomplete',
    effects: ['store_type', 'close_orders'],
  },
  { from: ['active'], event: 'edit_live', to: 'same', effects: ['store_revision'] },
  {
    from: ['incomplete'],
    event: 'submit',
    guard: guards.freeType,
    to: 'pending',
    effects: ['mark_submitted'],
  },
  {
    from: ['rejected'],
    event: 'submit',
    guard: guards.resubmittable,
    to: 'pending',
    effects: ['mark_submitted', 'cancel_refund_offers'],
  },

  // Payment: asking for an address, and the money arriving
  { from: LIVE_PAYABLE, event: 'pay', guard: guards.vipOfVipAd, to: 'same', effects: [] },
  {
    from: ['incomplete', 'payment_pending', 'pending', 'scheduled', 'active'],
    event: 'pay',
    guard: guards.premium,
    to: 'same',
    effects: [],
  },
  {
    from: ['payment_pending', 'expired'],
    event: 'payment_arrives',
    guard: guards.vipOfVipAd,
    to: 'pending',
    effects: ['hold_paid_days', 'mark_submitted', 'clear_expiry'],
  },
  {
    from: ['pending', 'scheduled'],
    event: 'payment_arrives',
    guard: guards.vipOfVipAd,
    to: 'same',
    effects: ['hold_paid_days'],
  },
  {
    from: ['active'],
    event: 'payment_arrives',
    guard: guards.vipOfVipAd,
    to: 'same',
    effects: ['extend_expiry'],
  },
  {
    from: ['incomplete', 'payment_pending', 'pending', 'scheduled'],
    event: 'payment_arrives',
    guard: guards.premium,
    to: 'same',
    effects: ['hold_premium_days'],
  },
  {
    from: ['active'],
    event: 'payment_arrives',
    guard: guards.premium,
    to: 'same',
    effects: ['extend_premium'],
  },

  // Review: an ad with a start date after today waits for it, approved
  {
    from: ['pending'],
    event: 'approve',
    guard: guards.reviewableLater,
    to: 'scheduled',
    effects: ['record_review', 'cancel_refund_offers'],
  },
  {
    from: ['rejected'],
    event: 'approve',
    guard: guards.resubmittableLater,
    to: 'scheduled',
    effects: ['record_review', 'cancel_refund_offers'],
  },
  {
    from: ['pending'],
    event: 'approve',
    guard: guards.reviewable,
    to: 'active',
    effects: ['publish', 'record_review', 'cancel_refund_offers'],
  },
  {
    from: ['rejected'],
    event: 'approve',
    guard: guards.resubmittable,
    to: 'active',
    effects: ['publish', 'record_review', 'cancel_refund_offers'],
  },
  {
    from: ['pending', 'scheduled'],
    event: 'reject',
    to: 'rejected',
    effects: ['record_review', 'offer_refunds'],
  },
  {
    from: ['active', 'paused'],
    event: 'reject',
    to: 'rejected',
    effects: [
      'unpublish',
      'end_availability',
      'end_visits',
      'merge_revision',
      'record_review',
      'offer_refunds',
    ],
  },
  {
    from: ['active'],
    event: 'approve_revision',
    guard: guards.revision,
    to: 'same',
    effects: ['apply_revision'],
  },
  {
    from: ['active'],
    event: 'reject_revision',
    guard: guards.revision,
    to: 'same',
    effects: ['discard_revision'],
  },

  // Time
  {
    from: ['active'],
    event: 'renew',
    guard: guards.freeType,
    to: 'same',
    effects: ['restart_free_time'],
  },
  {
    from: ['expired'],
    event: 'renew',
    guard: guards.freeType,
    to: 'pending',
    effects: ['mark_submitted', 'clear_expiry'],
  },
  {
    from: ['active'],
    event: 'expire',
    guard: guards.due,
    to: 'expired',
    effects: ['merge_revision', 'end_availability', 'end_visits'],
  },
  {
    from: ['scheduled'],
    event: 'start',
    guard: guards.startDue,
    to: 'active',
    effects: ['publish'],
  },

  // The advertiser's tools (issue 29): none is content, none needs review
  {
    from: ['active'],
    event: 'pause',
    guard: guards.timeLeft,
    to: 'paused',
    effects: ['hold_clocks', 'end_availability', 'end_visits', 'close_orders'],
  },
  { from: ['paused'], event: 'resume', to: 'active', effects: ['run_clocks'] },
  {
    from: ['active'],
    event: 'make_available',
    guard: guards.availableStartable,
    to: 'same',
    effects: ['start_availability'],
  },
  {
    from: ['active'],
    event: 'end_available',
    guard: guards.available,
    to: 'same',
    effects: ['end_availability'],
  },
  {
    from: ['active'],
    event: 'plan_visits',
    guard: guards.visitable,
    to: 'same',
    effects: ['store_visits'],
  },
  {
    from: ['active'],
    event: 'availability_ends',
    guard: guards.availabilityOver,
    to: 'same',
    effects: ['end_availability'],
  },

  // Endings
  {
    from: NOT_DELETED,
    event: 'delete',
    to: 'deleted',
    effects: ['discard_revision', 'end_visits', 'close_orders', 'refund_held_credit', 'retire'],
  },
  { from: NOT_DELETED, event: 'ban_owner', to: 'same', effects: ['close_orders'] },
  {
    from: ['rejected'],
    event: 'refund',
    guard: guards.heldCredit,
    to: 'payment_pending',
    effects: ['drop_credit'],
  },
  { from: ['rejected'], event: 'refund', to: 'same', effects: ['drop_credit'] },
];

/** Events an advertiser starts: refused while the owner is banned. */
const OWNER_EVENTS: ReadonlySet<AdEventType> = new Set([
  'create',
  'save',
  'change_type',
  'edit_live',
  'submit',
  'pay',
  'payment_arrives',
  'renew',
  'delete',
  'pause',
  'resume',
  'make_available',
  'end_available',
  'plan_visits',
]);

/** What a paused ad refuses until it is resumed: it is kept as it was. */
const FROZEN_WHILE_PAUSED: ReadonlySet<AdEventType> = new Set([
  'save',
  'edit_live',
  'pay',
  'payment_arrives',
  'renew',
  'make_available',
  'plan_visits',
]);

export type AdDecision =
  { ok: true; transition: AdTransition; to: AdStatus } | { ok: false; message: Said };

/** The catalogue message of a refused event, more precise where the state says why. */
function refusal(facts: AdFacts | null, event: AdEvent): Said {
  const m = lifecycleMessages.refused;
  if (facts?.ownerBanned && OWNER_EVENTS.has(event.type)) return m.banned;
  if (facts?.status === 'deleted') return m.deleted;
  if (event.type === 'renew' && facts && !isFreeType(facts.type)) {
    return lifecycleMessages.renewPaidThroughPayment;
  }
  if (event.type === 'submit' && facts?.status === 'pending') return m.alreadySubmitted;
  if (
    event.type === 'make_available' &&
    facts?.status === 'active' &&
    availableStartsLeft(facts) === 0
  ) {
    return adToolMessages.available.tooOften({
      maxStarts: adToolLimits.availableStartsPerDay,
      windowHours: adToolLimits.availableWindowHours,
    });
  }
  if (facts?.status === 'paused' && FROZEN_WHILE_PAUSED.has(event.type)) {
    return adToolMessages.refused.frozenPaused;
  }
  if (facts?.status === 'scheduled' && (event.type === 'save' || event.type === 'edit_live')) {
    return adToolMessages.refused.frozenScheduled;
  }
  if ((event.type === 'pay' || event.type === 'payment_arrives') && facts) {
    if (facts.status === 'rejected') return m.payRejected;
    return m.notPayable;
  }
  return m[event.type];
}

/** The first row of the table for this state and event whose guard holds. */
function firstRow(state: AdState, facts: AdFacts, event: AdEvent): AdTransition | undefined {
  return adTransitions.find(
    (t) =>
      t.event === event.type && t.from.includes(state) && (!t.guard || t.guard.test(facts, event)),
  );
}

/**
 * The transition an event takes from these facts. An ad that does not exist
 * (null) has no transition but its creation, which `decideCreate` decides.
 */
export function decide(facts: AdFacts | null, event: AdEvent): AdDecision {
  if (!facts || (facts.ownerBanned && OWNER_EVENTS.has(event.type))) {
    return { ok: false, message: refusal(facts, event) };
  }
  const transition = firstRow(facts.status, facts, event);
  if (!transition) return { ok: false, message: refusal(facts, event) };
  return { ok: true, transition, to: transition.to === 'same' ? facts.status : transition.to };
}

/** The first status of a new ad of this type: the table's rows from 'none'. */
export function decideCreate(type: AdType, ownerBanned: boolean): AdDecision {
  if (ownerBanned) return { ok: false, message: lifecycleMessages.refused.banned };
  const facts: AdFacts = {
    status: 'incomplete',
    type,
    paid: false,
    paidDays: 0,
    premiumDays: 0,
    expiresAt: null,
    ownerBanned,
    pendingRevision: false,
    availableUntil: null,
    availableStarts: [],
    startsOn: null,
  };
  const transition = firstRow('none', facts, { type: 'create' });
  if (!transition || transition.to === 'same') {
    return { ok: false, message: lifecycleMessages.refused.create };
  }
  return { ok: true, transition, to: transition.to };
}

/** Whether the event would be allowed now: the one answer to 'payable', 'editable', ... */
export function allows(facts: AdFacts, event: AdEvent): boolean {
  return decide(facts, event).ok;
}

/**
 * 'Feature this ad' is offered (docs/decisions.md, issue 24) when premium may be bought
 * and the ad is public with its time not up, or waits only for a moderator's approval:
 * or approved and waiting for its start date (the days are held until then); never for a draft (a free ad not yet submitted, a verified one without its photo) nor
 * for a VIP ad whose VIP time is not paid for, which would hold premium days for an ad
 * that may never show.
 */
function isFeaturable(facts: AdFacts): boolean {
  if (!allows(facts, { type: 'pay', product: 'premium' })) return false;
  if (allows(facts, { type: 'approve' }) || facts.status === 'scheduled') return true;
  return publicStatuses.includes(facts.status) && !allows(facts, { type: 'expire' });
}

/** The questions screens ask of an ad, answered from the table. */
export function adAbilities(facts: AdFacts) {
  return {
    payable: allows(facts, { type: 'pay', product: 'paid' }),
    premiumPayable: allows(facts, { type: 'pay', product: 'premium' }),
    featurable: isFeaturable(facts),
    editable: allows(facts, { type: 'save' }) || allows(facts, { type: 'edit_live' }),
    editNeedsReview: allows(facts, { type: 'edit_live' }),
    freeTypeChoosable: allows(facts, { type: 'change_type', to: 'free' }),
    resubmittable: facts.status === 'rejected' && allows(facts, { type: 'submit' }),
    submittable: allows(facts, { type: 'submit' }),
    renewable: allows(facts, { type: 'renew' }),
    deletable: allows(facts, { type: 'delete' }),
    pausable: allows(facts, { type: 'pause' }),
    resumable: allows(facts, { type: 'resume' }),
    availableStartable: allows(facts, { type: 'make_available', hours: 1 }),
    visitsPlannable: allows(facts, { type: 'plan_visits' }),
  };
}
export type AdAbilities = ReturnType<typeof adAbilities>;

/**
 * What a moderator's Approve and Reject mean for an ad now: on a live ad with
 * an edit waiting they act on the edit (the public version stays until then).
 */
export function reviewEvents(facts: AdFacts): {
  onRevision: boolean;
  approve: AdEvent;
  reject: AdEvent;
} {
  const onRevision = facts.status === 'active' && facts.pendingRevision;
  return onRevision
    ? { onRevision, approve: { type: 'approve_revision' }, reject: { type: 'reject_revision' } }
    : { onRevision, approve: { type: 'approve' }, reject: { type: 'reject' } };
}

/** The decisions a moderator may take on the ad now, from the table. */
export function reviewAbilities(facts: AdFacts) {
  const events = reviewEvents(facts);
  return {
    onRevision: events.onRevision,
    approvable: allows(facts, events.approve),
    rejectable: allows(facts, events.reject),
  };
}

/** Statuses the public may see an ad in (with its time not up, owner not banned). */
export const publicStatuses: readonly AdStatus[] = ['active'];
/** Statuses of ads waiting for a moderator's decision: where a submission leads. */
export const reviewStatuses: readonly AdStatus[] = [
  ...new Set(
    adTransitions
      .filter((t) => t.effects.includes('mark_submitted') && t.to !== 'same')
      .map((t) => t.to as AdStatus),
  ),
];
