import {
  adStatuses,
  adToolMessages,
  lifecycleMessages,
  type AdStatus,
  type AdType,
  sayIn,
  adToolLimits,
} from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { eventKeys, events, type EventKey } from '../../../test/support/lifecycle-events.js';
import {
  lifecycleRefusals as refused,
  refusalCatalogue as catalogue,
} from '../../../test/support/lifecycle-refusals.js';
import {
  adAbilities,
  adEventTypes,
  decide,
  decideCreate,
  publicStatuses,
  reviewStatuses,
  type AdEffect,
  type AdEvent,
  type AdEventType,
  type AdFacts,
  type AdState,
} from './transitions.js';

/*
 * A second, independent statement of the ad's lifecycle (issue 13), written
 * from the issue and the documented effects, not read from `adTransitions`.
 * Every (state, event) pair is walked with representative facts; a pair no
 * row below allows must be refused with a catalogue message.
 */

const DAY = 86_400_000;

// ---------------------------------------------------------------------------
// Conditions the rules below use, each said in words.
// ---------------------------------------------------------------------------

interface When {
  label: string;
  holds: (f: AdFacts) => boolean;
}

const isFree = (type: AdType) => type === 'free' || type === 'free_verified';

const always: When = { label: 'always', holds: () => true };
const freeAd: When = { label: 'a free ad', holds: (f) => isFree(f.type) };
const vipAd: When = { label: 'a VIP ad', holds: (f) => f.type === 'paid' };
const freeOrVipPaid: When = {
  label: 'a free ad, or a VIP ad that is paid',
  holds: (f) => isFree(f.type) || (f.type === 'paid' && f.paid),
};
const freeOrPaymentKept: When = {
  label: 'a free ad, or a VIP ad whose paid days are kept (not started)',
  holds: (f) => isFree(f.type) || (f.paid && f.paidDays > 0),
};
const vipStillPaid: When = {
  label: 'a VIP ad still paid',
  holds: (f) => f.type === 'paid' && f.paid,
};
const vipNothingPaid: When = {
  label: 'a VIP ad with nothing paid',
  holds: (f) => f.type === 'paid' && !f.paid && f.paidDays === 0,
};
const editWaiting: When = { label: 'an edit waits for review', holds: (f) => f.pendingRevision };
const timeUp: When = {
  label: 'its time is up',
  holds: (f) => f.expiresAt !== null && f.expiresAt.getTime() <= Date.now(),
};
const timeLeft: When = { label: 'its time is not up', holds: (f) => !timeUp.holds(f) };
const today = () => new Date().toISOString().slice(0, 10);
const startsLater = (f: AdFacts) => f.startsOn !== null && f.startsOn > today();
const freeOrVipPaidLater: When = {
  label: 'a free ad, or a VIP ad that is paid, with a start date after today',
  holds: (f) => freeOrVipPaid.holds(f) && startsLater(f),
};
const freeOrPaymentKeptLater: When = {
  label: 'a free ad, or a VIP ad whose paid days are kept, with a start date after today',
  holds: (f) => freeOrPaymentKept.holds(f) && startsLater(f),
};
const startDateCome: When = { label: 'its start date has come', holds: (f) => !startsLater(f) };
const startsInLastDay = (f: AdFacts) =>
  f.availableStarts.filter((t) => t.getTime() > Date.now() - DAY).length;
const availableStartable: When = {
  label: 'time left, and fewer than 3 starts of Available now in the last 24 hours',
  holds: (f) => timeLeft.holds(f) && startsInLastDay(f) < 3,
};
const availableNow: When = {
  label: 'Available now runs',
  holds: (f) => f.availableUntil !== null && f.availableUntil.getTime() > Date.now(),
};
const visitable: When = {
  label: 'a VIP ad paid for, with time left',
  holds: (f) => (f.type === 'paid' || f.type === 'premium') && f.paid && timeLeft.holds(f),
};
const availableOver: When = {
  label: 'Available now has run its time',
  holds: (f) => f.availableUntil !== null && f.availableUntil.getTime() <= Date.now(),
};

// ---------------------------------------------------------------------------
// The events walked: payment events once per product.
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// The rules, top to bottom: the first row whose state, event and condition
// match says where the ad goes and what happens. Nothing else is allowed.
// ---------------------------------------------------------------------------

interface Rule {
  from: readonly AdStatus[];
  event: EventKey;
  when: When;
  /** 'same': the ad keeps its status. */
  to: AdStatus | 'same';
  effects: readonly AdEffect[];
}

const everyStatusButDeleted: readonly AdStatus[] = adStatuses.filter((s) => s !== 'deleted');

const rules: readonly Rule[] = [
  // Editing: a draft, an ad waiting for payment or review, a rejected or expired
  // one is changed in place; a live one keeps its public version and the edit waits.
  {
    from: ['incomplete', 'payment_pending', 'pending', 'rejected', 'expired'],
    event: 'save',
    when: always,
    to: 'same',
    effects: ['store_fields'],
  },
  { from: ['active'], event: 'edit_live', when: always, to: 'same', effects: ['store_revision'] },
  // A VIP ad nobody paid for (awaiting payment, or its payment refunded after a
  // rejection) may become a free ad: a draft again, its addresses closed.
  {
    from: ['payment_pending'],
    event: 'change_type',
    when: vipNothingPaid,
    to: 'incomplete',
    effects: ['store_type', 'close_orders'],
  },

  // Submitting: a free draft goes to review; a rejected ad goes back to review
  // when it is free or its VIP payment was kept (the offers of a refund end).
  {
    from: ['incomplete'],
    event: 'submit',
    when: freeAd,
    to: 'pending',
    effects: ['mark_submitted'],
  },
  {
    from: ['rejected'],
    event: 'submit',
    when: freeOrPaymentKept,
    to: 'pending',
    effects: ['mark_submitted', 'cancel_refund_offers'],
  },

  // Asking for an address: VIP time for a VIP ad awaiting payment, in review,
  // live or expired (renewal); premium for any ad not yet rejected, expired or deleted.
  {
    from: ['payment_pending', 'pending', 'scheduled', 'active', 'expired'],
    event: 'pay:paid',
    when: vipAd,
    to: 'same',
    effects: [],
  },
  {
    from: ['incomplete', 'payment_pending', 'pending', 'scheduled', 'active'],
    event: 'pay:premium',
    when: always,
    to: 'same',
    effects: [],
  },

  // The money arrives: days are held until the ad goes public; a live ad's
  // time runs on from its current end.
  {
    from: ['payment_pending', 'expired'],
    event: 'payment_arrives:paid',
    when: vipAd,
    to: 'pending',
    effects: ['hold_paid_days', 'mark_submitted', 'clear_expiry'],
  },
  {
    from: ['pending', 'scheduled'],
    event: 'payment_arrives:paid',
    when: vipAd,
    to: 'same',
    effects: ['hold_paid_days'],
  },
  {
    from: ['active'],
    event: 'payment_arrives:paid',
    when: vipAd,
    to: 'same',
    effects: ['extend_expiry'],
  },
  {
    from: ['incomplete', 'payment_pending', 'pending', 'scheduled'],
    event: 'payment_arrives:premium',
    when: always,
    to: 'same',
    effects: ['hold_premium_days'],
  },
  {
    from: ['active'],
    event: 'payment_arrives:premium',
    when: always,
    to: 'same',
    effects: ['extend_premium'],
  },

  // Review: approval publishes (held days start now), or with a start date after
  // today waits for it, approved; rejection keeps what was paid for a resubmission
  // and offers its refund.
  {
    from: ['pending'],
    event: 'approve',
    when: freeOrVipPaidLater,
    to: 'scheduled',
    effects: ['record_review', 'cancel_refund_offers'],
  },
  {
    from: ['rejected'],
    event: 'approve',
    when: freeOrPaymentKeptLater,
    to: 'scheduled',
    effects: ['record_review', 'cancel_refund_offers'],
  },
  {
    from: ['pending'],
    event: 'approve',
    when: freeOrVipPaid,
    to: 'active',
    effects: ['publish', 'record_review', 'cancel_refund_offers'],
  },
  {
    from: ['rejected'],
    event: 'approve',
    when: freeOrPaymentKept,
    to: 'active',
    effects: ['publish', 'record_review', 'cancel_refund_offers'],
  },
  {
    from: ['pending', 'scheduled'],
    event: 'reject',
    when: always,
    to: 'rejected',
    effects: ['record_review', 'offer_refunds'],
  },
  {
    from: ['active', 'paused'],
    event: 'reject',
    when: always,
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
    when: editWaiting,
    to: 'same',
    effects: ['apply_revision'],
  },
  {
    from: ['active'],
    event: 'reject_revision',
    when: editWaiting,
    to: 'same',
    effects: ['discard_revision'],
  },

  // Time: a live free ad renews in place; an expired free ad goes back to
  // review; a live ad whose time is up expires.
  { from: ['active'], event: 'renew', when: freeAd, to: 'same', effects: ['restart_free_time'] },
  {
    from: ['expired'],
    event: 'renew',
    when: freeAd,
    to: 'pending',
    effects: ['mark_submitted', 'clear_expiry'],
  },
  {
    from: ['active'],
    event: 'expire',
    when: timeUp,
    to: 'expired',
    effects: ['merge_revision', 'end_availability', 'end_visits'],
  },
  // A scheduled ad goes public on its start date.
  { from: ['scheduled'], event: 'start', when: startDateCome, to: 'active', effects: ['publish'] },

  // The owner's tools (issue 29): a public ad with time left pauses (its clocks
  // stop, its open addresses close) and resumes; Available now starts at most 3
  // times in 24 hours, ends early, or ends by itself.
  {
    from: ['active'],
    event: 'pause',
    when: timeLeft,
    to: 'paused',
    effects: ['hold_clocks', 'end_availability', 'end_visits', 'close_orders'],
  },
  { from: ['paused'], event: 'resume', when: always, to: 'active', effects: ['run_clocks'] },
  {
    from: ['active'],
    event: 'make_available',
    when: availableStartable,
    to: 'same',
    effects: ['start_availability'],
  },
  {
    from: ['active'],
    event: 'end_available',
    when: availableNow,
    to: 'same',
    effects: ['end_availability'],
  },
  // Visits to other cities: a live VIP ad paid for, with time left.
  {
    from: ['active'],
    event: 'plan_visits',
    when: visitable,
    to: 'same',
    effects: ['store_visits'],
  },
  {
    from: ['active'],
    event: 'availability_ends',
    when: availableOver,
    to: 'same',
    effects: ['end_availability'],
  },

  // Endings.
  {
    from: everyStatusButDeleted,
    event: 'delete',
    when: always,
    to: 'deleted',
    effects: ['discard_revision', 'end_visits', 'close_orders', 'refund_held_credit', 'retire'],
  },
  {
    from: everyStatusButDeleted,
    event: 'ban_owner',
    when: always,
    to: 'same',
    effects: ['close_orders'],
  },
  {
    from: ['rejected'],
    event: 'refund',
    when: vipStillPaid,
    to: 'payment_pending',
    effects: ['drop_credit'],
  },
  { from: ['rejected'], event: 'refund', when: always, to: 'same', effects: ['drop_credit'] },
];

/** What the advertiser starts: refused for every ad of a banned owner. */
const advertiserEvents: ReadonlySet<AdEventType> = new Set([
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

/** A paused ad is kept as it was until it is resumed. */
const frozenWhilePaused: ReadonlySet<AdEventType> = new Set([
  'save',
  'edit_live',
  'pay',
  'payment_arrives',
  'renew',
  'make_available',
  'plan_visits',
]);

type Expected =
  | { allowed: true; to: AdStatus; effects: readonly AdEffect[]; because: string }
  | { allowed: false; message: string };

/** The message a refusal must give, the most precise that applies. */
function expectedRefusal(facts: AdFacts, event: AdEvent): string {
  if (facts.ownerBanned && advertiserEvents.has(event.type)) return refused.banned;
  if (facts.status === 'deleted') return refused.deleted;
  if (event.type === 'renew' && !isFree(facts.type)) {
    return sayIn('en', lifecycleMessages.renewPaidThroughPayment);
  }
  if (event.type === 'submit' && facts.status === 'pending') return refused.alreadySubmitted;
  if (event.type === 'make_available' && facts.status === 'active' && startsInLastDay(facts) >= 3)
    return sayIn(
      'en',
      adToolMessages.available.tooOften({
        maxStarts: adToolLimits.availableStartsPerDay,
        windowHours: adToolLimits.availableWindowHours,
      }),
    );
  if (facts.status === 'paused' && frozenWhilePaused.has(event.type)) {
    return sayIn('en', adToolMessages.refused.frozenPaused);
  }
  if (facts.status === 'scheduled' && (event.type === 'save' || event.type === 'edit_live')) {
    return sayIn('en', adToolMessages.refused.frozenScheduled);
  }
  if (event.type === 'pay' || event.type === 'payment_arrives') {
    return facts.status === 'rejected' ? refused.payRejected : refused.notPayable;
  }
  return refused[event.type];
}

function expected(facts: AdFacts, key: EventKey): Expected {
  const event = events[key];
  if (facts.ownerBanned && advertiserEvents.has(event.type)) {
    return { allowed: false, message: refused.banned };
  }
  const rule = rules.find(
    (r) => r.event === key && r.from.includes(facts.status) && r.when.holds(facts),
  );
  if (!rule) return { allowed: false, message: expectedRefusal(facts, event) };
  return {
    allowed: true,
    to: rule.to === 'same' ? facts.status : rule.to,
    effects: rule.effects,
    because: rule.when.label,
  };
}

// ---------------------------------------------------------------------------
// Representative facts: type × money × expiry × pending edit × owner banned.
// ---------------------------------------------------------------------------

interface Variant {
  label: string;
  facts: Omit<AdFacts, 'status'>;
}

const typeChoices: readonly AdType[] = ['free_verified', 'free', 'paid'];
const moneyChoices = [
  { label: 'unpaid', paid: false, paidDays: 0, premiumDays: 0 },
  { label: 'VIP days held', paid: true, paidDays: 30, premiumDays: 0 },
  { label: 'VIP days started', paid: true, paidDays: 0, premiumDays: 0 },
  { label: 'premium days held', paid: false, paidDays: 0, premiumDays: 15 },
] as const;
const expiryChoices = [
  { label: 'no expiry', at: (): Date | null => null },
  { label: 'expires in 10 days', at: (): Date | null => new Date(Date.now() + 10 * DAY) },
  { label: 'expiry due an hour ago', at: (): Date | null => new Date(Date.now() - 3_600_000) },
] as const;

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const toolChoices = [
  { label: 'no tools used', availableUntil: null, availableStarts: [], startsOn: null },
  {
    label: 'available now (1 start today)',
    availableUntil: new Date(Date.now() + 3_600_000),
    availableStarts: [hoursAgo(1)],
    startsOn: null,
  },
  {
    label: 'available ended an hour ago, 3 starts today',
    availableUntil: hoursAgo(1),
    availableStarts: [hoursAgo(20), hoursAgo(10), hoursAgo(3)],
    startsOn: null,
  },
  {
    label: '3 starts, the first 25 hours ago',
    availableUntil: null,
    availableStarts: [hoursAgo(25), hoursAgo(10), hoursAgo(3)],
    startsOn: null,
  },
  {
    label: 'starts tomorrow',
    availableUntil: null,
    availableStarts: [],
    startsOn: new Date(Date.now() + DAY).toISOString().slice(0, 10),
  },
  { label: 'starts today', availableUntil: null, availableStarts: [], startsOn: today() },
] as const;

function variants(): Variant[] {
  const out: Variant[] = [];
  for (const type of typeChoices) {
    for (const money of moneyChoices) {
      for (const expiry of expiryChoices) {
        for (const pendingRevision of [false, true]) {
          for (const ownerBanned of [false, true]) {
            for (const tools of toolChoices) {
              out.push({
                label: [
                  type,
                  money.label,
                  expiry.label,
                  pendingRevision ? 'edit waiting' : 'no edit waiting',
                  ownerBanned ? 'owner banned' : 'owner not banned',
                  tools.label,
                ].join(', '),
                facts: {
                  type,
                  paid: money.paid,
                  paidDays: money.paidDays,
                  premiumDays: money.premiumDays,
                  expiresAt: expiry.at(),
                  pendingRevision,
                  ownerBanned,
                  availableUntil: tools.availableUntil,
                  availableStarts: tools.availableStarts,
                  startsOn: tools.startsOn,
                },
              });
            }
          }
        }
      }
    }
  }
  return out;
}

const existingStates: readonly AdStatus[] = adStatuses;

describe('the lifecycle table, pair by pair', () => {
  const all = variants();

  it('walks every state of the ad, and every event', () => {
    expect([...adStatuses].sort()).toEqual(
      [
        'active',
        'deleted',
        'expired',
        'incomplete',
        'payment_pending',
        'paused',
        'pending',
        'rejected',
        'scheduled',
      ].sort(),
    );
    expect([...adEventTypes].sort()).toEqual(
      [
        'approve',
        'approve_revision',
        'ban_owner',
        'change_type',
        'create',
        'delete',
        'edit_live',
        'expire',
        'pay',
        'payment_arrives',
        'refund',
        'reject',
        'reject_revision',
        'renew',
        'save',
        'submit',
        'pause',
        'resume',
        'start',
        'make_available',
        'end_available',
        'availability_ends',
        'plan_visits',
      ].sort(),
    );
    const walked = new Set(Object.values(events).map((e) => e.type));
    expect([...walked].sort()).toEqual([...adEventTypes].sort());
  });

  describe.each(existingStates.map((s) => [s] as const))('from %s', (state) => {
    it.each(eventKeys.map((k) => [k] as const))('%s', (key) => {
      const mismatches: string[] = [];
      for (const variant of all) {
        const facts: AdFacts = { status: state, ...variant.facts };
        const want = expected(facts, key);
        const got = decide(facts, events[key]);
        if (want.allowed) {
          if (!got.ok) {
            mismatches.push(`${variant.label}: refused (${got.message}), want → ${want.to}`);
            continue;
          }
          if (got.to !== want.to) {
            mismatches.push(`${variant.label}: → ${got.to}, want → ${want.to}`);
          }
          if (JSON.stringify(got.transition.effects) !== JSON.stringify(want.effects)) {
            mismatches.push(
              `${variant.label}: effects ${JSON.stringify(got.transition.effects)}, want ${JSON.stringify(want.effects)}`,
            );
          }
        } else {
          if (got.ok) {
            mismatches.push(`${variant.label}: allowed → ${got.to}, want refused`);
            continue;
          }
          const message = sayIn('en', got.message);
          if (message === '' || !catalogue.has(message)) {
            mismatches.push(`${variant.label}: message not in the catalogue: "${message}"`);
          }
          if (message !== want.message) {
            mismatches.push(`${variant.label}: message "${message}", want "${want.message}"`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    });
  });

  describe('from none (the ad does not exist yet)', () => {
    it.each([
      ['paid', false, { ok: true, to: 'payment_pending' }],
      ['free', false, { ok: true, to: 'incomplete' }],
      ['free_verified', false, { ok: true, to: 'incomplete' }],
      ['paid', true, { ok: false, message: refused.banned }],
      ['free', true, { ok: false, message: refused.banned }],
      ['free_verified', true, { ok: false, message: refused.banned }],
    ] as const)('create of a %s ad, poster banned: %s', (type, banned, want) => {
      const got = decideCreate(type, banned);
      expect(got.ok).toBe(want.ok);
      if (want.ok && got.ok) {
        expect(got.to).toBe(want.to);
        expect(got.transition.effects).toEqual([]);
        expect(got.transition.from).toEqual(['none'] satisfies AdState[]);
      }
      if (!want.ok && !got.ok) expect(sayIn('en', got.message)).toBe(want.message);
    });

    it.each(eventKeys.filter((k) => k !== 'create').map((k) => [k] as const))(
      '%s is refused with a catalogue message',
      (key) => {
        const got = decide(null, events[key]);
        expect(got.ok).toBe(false);
        if (!got.ok) {
          expect(sayIn('en', got.message)).not.toBe('');
          expect(catalogue.has(sayIn('en', got.message))).toBe(true);
        }
      },
    );
  });

  it('refuses every advertiser event for a banned owner, in every state, with the ban message', () => {
    const bannedVariants = all.filter((v) => v.facts.ownerBanned);
    const advertiserKeys = eventKeys.filter((k) => advertiserEvents.has(events[k].type));
    expect(advertiserKeys).toHaveLength(16);
    const allowed: string[] = [];
    for (const state of existingStates) {
      for (const key of advertiserKeys) {
        for (const variant of bannedVariants) {
          const got = decide({ status: state, ...variant.facts }, events[key]);
          if (got.ok || sayIn('en', got.message) !== refused.banned) {
            allowed.push(`${state} ${key} ${variant.label}`);
          }
        }
      }
    }
    expect(allowed).toEqual([]);
  });

  it('still lets moderators and the system act on a banned owner’s ads', () => {
    const banned: AdFacts = {
      status: 'pending',
      type: 'free_verified',
      paid: false,
      paidDays: 0,
      premiumDays: 0,
      expiresAt: null,
      ownerBanned: true,
      pendingRevision: false,
      availableUntil: null,
      availableStarts: [],
      startsOn: null,
    };
    expect(decide(banned, { type: 'reject' }).ok).toBe(true);
    expect(decide(banned, { type: 'approve' }).ok).toBe(true);
    expect(decide(banned, { type: 'ban_owner' }).ok).toBe(true);
    expect(decide({ ...banned, status: 'rejected' }, { type: 'refund' }).ok).toBe(true);
  });
});

describe('public and review statuses', () => {
  it('only an active ad is public; only a pending one waits for review', () => {
    expect(publicStatuses).toEqual(['active']);
    expect(reviewStatuses).toEqual(['pending']);
  });
});

describe('changing the type', () => {
  const vipAwaiting: AdFacts = {
    status: 'payment_pending',
    type: 'paid',
    paid: false,
    paidDays: 0,
    premiumDays: 0,
    expiresAt: null,
    ownerBanned: false,
    pendingRevision: false,
    availableUntil: null,
    availableStarts: [],
    startsOn: null,
  };

  it('lets a VIP ad with nothing paid become either free type, a draft again', () => {
    for (const to of ['free', 'free_verified'] as const) {
      const got = decide(vipAwaiting, { type: 'change_type', to });
      expect(got.ok && got.to).toBe('incomplete');
    }
  });

  it('never makes an ad VIP, nor changes a paid or a free ad', () => {
    const refusedWith = (facts: AdFacts, to: AdType) => {
      const got = decide(facts, { type: 'change_type', to });
      return got.ok ? 'allowed' : sayIn('en', got.message);
    };
    expect(refusedWith(vipAwaiting, 'paid')).toBe(
      sayIn('en', lifecycleMessages.refused.change_type),
    );
    expect(refusedWith(vipAwaiting, 'premium')).toBe(
      sayIn('en', lifecycleMessages.refused.change_type),
    );
    expect(
      refusedWith({ ...vipAwaiting, status: 'pending', paid: true, paidDays: 30 }, 'free'),
    ).toBe(sayIn('en', lifecycleMessages.refused.change_type));
    expect(
      refusedWith({ ...vipAwaiting, status: 'incomplete', type: 'free' }, 'free_verified'),
    ).toBe(sayIn('en', lifecycleMessages.refused.change_type));
  });
});

describe('adAbilities: the questions screens ask', () => {
  const base: AdFacts = {
    status: 'incomplete',
    type: 'free_verified',
    paid: false,
    paidDays: 0,
    premiumDays: 0,
    expiresAt: null,
    ownerBanned: false,
    pendingRevision: false,
    availableUntil: null,
    availableStarts: [],
    startsOn: null,
  };
  const future = () => new Date(Date.now() + 20 * DAY);
  const none = {
    payable: false,
    premiumPayable: false,
    featurable: false,
    editable: false,
    editNeedsReview: false,
    freeTypeChoosable: false,
    resubmittable: false,
    submittable: false,
    renewable: false,
    deletable: false,
    pausable: false,
    resumable: false,
    availableStartable: false,
    visitsPlannable: false,
  };

  it.each([
    [
      'a free draft',
      {},
      { ...none, premiumPayable: true, editable: true, submittable: true, deletable: true },
    ],
    [
      'a VIP ad awaiting payment',
      { status: 'payment_pending', type: 'paid' },
      {
        ...none,
        payable: true,
        premiumPayable: true,
        editable: true,
        freeTypeChoosable: true,
        deletable: true,
      },
    ],
    [
      'a paid VIP ad in review (days held)',
      { status: 'pending', type: 'paid', paid: true, paidDays: 30 },
      {
        ...none,
        payable: true,
        premiumPayable: true,
        featurable: true,
        editable: true,
        deletable: true,
      },
    ],
    [
      'a free ad in review',
      { status: 'pending' },
      { ...none, premiumPayable: true, featurable: true, editable: true, deletable: true },
    ],
    [
      'a live free ad',
      { status: 'active', expiresAt: future() },
      {
        ...none,
        premiumPayable: true,
        featurable: true,
        editable: true,
        editNeedsReview: true,
        renewable: true,
        deletable: true,
        pausable: true,
        availableStartable: true,
      },
    ],
    [
      'a live VIP ad',
      { status: 'active', type: 'paid', paid: true, expiresAt: future() },
      {
        ...none,
        payable: true,
        premiumPayable: true,
        featurable: true,
        editable: true,
        editNeedsReview: true,
        deletable: true,
        pausable: true,
        availableStartable: true,
        visitsPlannable: true,
      },
    ],
    [
      'a live ad that used Available now 3 times today',
      {
        status: 'active',
        expiresAt: future(),
        availableStarts: [1, 2, 3].map((h) => new Date(Date.now() - h * 3_600_000)),
      },
      {
        ...none,
        premiumPayable: true,
        featurable: true,
        editable: true,
        editNeedsReview: true,
        renewable: true,
        deletable: true,
        pausable: true,
      },
    ],
    [
      'a paused VIP ad: only resumed or deleted',
      { status: 'paused', type: 'paid', paid: true, expiresAt: future() },
      { ...none, resumable: true, deletable: true },
    ],
    [
      'a VIP ad approved, waiting for its start date',
      {
        status: 'scheduled',
        type: 'paid',
        paid: true,
        paidDays: 30,
        startsOn: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10),
      },
      { ...none, payable: true, premiumPayable: true, featurable: true, deletable: true },
    ],
    [
      'a rejected VIP ad with its payment kept',
      { status: 'rejected', type: 'paid', paid: true, paidDays: 30 },
      { ...none, editable: true, resubmittable: true, submittable: true, deletable: true },
    ],
    [
      'a rejected VIP ad whose payment was refunded',
      { status: 'rejected', type: 'paid', paid: false, paidDays: 0 },
      { ...none, editable: true, deletable: true },
    ],
    [
      'a rejected free ad',
      { status: 'rejected' },
      { ...none, editable: true, resubmittable: true, submittable: true, deletable: true },
    ],
    [
      'an expired free ad',
      { status: 'expired', expiresAt: new Date(Date.now() - DAY) },
      { ...none, editable: true, renewable: true, deletable: true },
    ],
    [
      'an expired VIP ad',
      { status: 'expired', type: 'paid', paid: true, expiresAt: new Date(Date.now() - DAY) },
      { ...none, payable: true, editable: true, deletable: true },
    ],
    [
      'a VIP ad whose payment was refunded after its rejection: awaiting payment again',
      { status: 'payment_pending', type: 'paid', paid: false, paidDays: 0 },
      {
        ...none,
        payable: true,
        premiumPayable: true,
        editable: true,
        freeTypeChoosable: true,
        deletable: true,
      },
    ],
    [
      'a VIP ad awaiting payment with premium days held',
      { status: 'payment_pending', type: 'paid', premiumDays: 15 },
      {
        ...none,
        payable: true,
        premiumPayable: true,
        editable: true,
        freeTypeChoosable: true,
        deletable: true,
      },
    ],
    ['a deleted ad', { status: 'deleted', type: 'paid', paid: true }, none],
    [
      'a live VIP ad of a banned owner',
      { status: 'active', type: 'paid', paid: true, expiresAt: future(), ownerBanned: true },
      none,
    ],
    ['a free draft of a banned owner', { ownerBanned: true }, none],
  ] as const)('%s', (_label, overrides: Partial<AdFacts>, want) => {
    expect(adAbilities({ ...base, ...overrides })).toEqual(want);
  });
});
