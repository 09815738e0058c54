import { randomUUID } from 'node:crypto';
import { adStatuses, lifecycleMessages, type AdStatus, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventKeys, events, type EventKey } from './support/lifecycle-events.js';
import { refusalCatalogue as catalogue } from './support/lifecycle-refusals.js';
import type { Tx } from '../src/db/database.js';
import { DomainError } from '../src/domain/errors.js';
import {
  applyAdEvent,
  type AdEventInput,
  type AdEventResult,
} from '../src/modules/ad-lifecycle/apply-ad-event.js';
import { publicStatuses, reviewStatuses } from '../src/modules/ad-lifecycle/transitions.js';
import { relaxedLimiter, type SignedIn } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { createAd } from './support/ads.js';
import { signedInWithRole } from './support/moderation.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * Every (status, event) pair of the lifecycle on PostgreSQL: an ad is put in
 * each state (arranged with SQL), each event is applied with applyAdEvent in a
 * transaction. A refused event answers a conflict with a catalogue message and
 * writes nothing; an allowed one reaches its status and writes its effects (its
 * transaction is rolled back afterwards, so the next event starts from the same ad).
 */

const DAY = 86_400_000;
const SAVED_TITLE = 'Title saved by the table test';
const REVISION_TITLE = 'Title from the edit waiting for review';

/** An ad arranged in one state, with what it holds, and the events its state allows. */
interface Fixture {
  name: string;
  status: AdStatus;
  type: 'free_verified' | 'paid';
  paid?: boolean;
  paidDays?: number;
  premiumDays?: number;
  /** Hours from now (negative: past); absent: no expiry. */
  expiresInHours?: number;
  premiumInHours?: number;
  /** Approved and posted a day ago (a live or once-live ad). */
  published?: boolean;
  banned?: boolean;
  /** Posted without an account (by email), while another account is banned. */
  anonymous?: boolean;
  /** An edit waits for review, with a photo that came with it. */
  revision?: boolean;
  /** A completed order whose money is applied to the ad. */
  applied?: 'paid' | 'premium';
  /** A refund of that order: offered (payment kept), or asked for ('ready'). */
  refund?: 'offered' | 'ready';
  /** An order whose address is still open. */
  openOrder?: 'paid' | 'premium';
  /** Paused this many hours ago (issue 29). */
  pausedHoursAgo?: number;
  /** A start date this many days from today (UTC); 0: today. */
  startsInDays?: number;
  /** 'Available now' until this many hours from now (negative: it ended). */
  availableInHours?: number;
  /** Starts of 'Available now', so many hours ago each. */
  availableStartsHoursAgo?: number[];
  /** The events allowed from this state and where they lead; every other one is refused. */
  allowed: Partial<Record<EventKey, AdStatus>>;
}

const fixtures: Fixture[] = [
  {
    name: 'a free draft with premium days held',
    status: 'incomplete',
    type: 'free_verified',
    premiumDays: 15,
    applied: 'premium',
    openOrder: 'premium',
    allowed: {
      save: 'incomplete',
      submit: 'pending',
      'pay:premium': 'incomplete',
      'payment_arrives:premium': 'incomplete',
      delete: 'deleted',
      ban_owner: 'incomplete',
    },
  },
  {
    name: 'an anonymous free draft, while an unrelated account is banned',
    status: 'incomplete',
    type: 'free_verified',
    anonymous: true,
    allowed: {
      save: 'incomplete',
      submit: 'pending',
      'pay:premium': 'incomplete',
      'payment_arrives:premium': 'incomplete',
      delete: 'deleted',
      ban_owner: 'incomplete',
    },
  },
  {
    name: 'a VIP ad awaiting payment',
    status: 'payment_pending',
    type: 'paid',
    openOrder: 'paid',
    allowed: {
      save: 'payment_pending',
      change_type: 'incomplete',
      'pay:paid': 'payment_pending',
      'pay:premium': 'payment_pending',
      'payment_arrives:paid': 'pending',
      'payment_arrives:premium': 'payment_pending',
      delete: 'deleted',
      ban_owner: 'payment_pending',
    },
  },
  {
    name: 'a paid VIP ad in review with 30 days held',
    status: 'pending',
    type: 'paid',
    paid: true,
    paidDays: 30,
    applied: 'paid',
    openOrder: 'premium',
    allowed: {
      save: 'pending',
      'pay:paid': 'pending',
      'pay:premium': 'pending',
      'payment_arrives:paid': 'pending',
      'payment_arrives:premium': 'pending',
      approve: 'active',
      reject: 'rejected',
      delete: 'deleted',
      ban_owner: 'pending',
    },
  },
  {
    name: 'a free ad in review with premium days held',
    status: 'pending',
    type: 'free_verified',
    premiumDays: 4,
    applied: 'premium',
    allowed: {
      save: 'pending',
      'pay:premium': 'pending',
      'payment_arrives:premium': 'pending',
      approve: 'active',
      reject: 'rejected',
      delete: 'deleted',
      ban_owner: 'pending',
    },
  },
  {
    name: 'a live free ad with an edit waiting',
    status: 'active',
    type: 'free_verified',
    published: true,
    expiresInHours: 20 * 24,
    revision: true,
    openOrder: 'premium',
    allowed: {
      edit_live: 'active',
      'pay:premium': 'active',
      'payment_arrives:premium': 'active',
      reject: 'rejected',
      approve_revision: 'active',
      reject_revision: 'active',
      renew: 'active',
      delete: 'deleted',
      ban_owner: 'active',
      pause: 'paused',
      make_available: 'active',
    },
  },
  {
    name: 'a live free ad whose time is up',
    status: 'active',
    type: 'free_verified',
    published: true,
    expiresInHours: -1,
    allowed: {
      edit_live: 'active',
      'pay:premium': 'active',
      'payment_arrives:premium': 'active',
      reject: 'rejected',
      renew: 'active',
      expire: 'expired',
      delete: 'deleted',
      ban_owner: 'active',
    },
  },
  {
    name: 'a live VIP ad, featured',
    status: 'active',
    type: 'paid',
    paid: true,
    published: true,
    expiresInHours: 20 * 24,
    premiumInHours: 5 * 24,
    applied: 'paid',
    allowed: {
      edit_live: 'active',
      'pay:paid': 'active',
      'pay:premium': 'active',
      'payment_arrives:paid': 'active',
      'payment_arrives:premium': 'active',
      reject: 'rejected',
      delete: 'deleted',
      ban_owner: 'active',
      pause: 'paused',
      make_available: 'active',
      plan_visits: 'active',
    },
  },
  {
    name: 'a live free ad, available now since 2 hours ago',
    status: 'active',
    type: 'free_verified',
    published: true,
    expiresInHours: 20 * 24,
    availableInHours: 1,
    availableStartsHoursAgo: [30, 2],
    allowed: {
      edit_live: 'active',
      'pay:premium': 'active',
      'payment_arrives:premium': 'active',
      reject: 'rejected',
      renew: 'active',
      delete: 'deleted',
      ban_owner: 'active',
      pause: 'paused',
      make_available: 'active',
      end_available: 'active',
    },
  },
  {
    name: 'a live free ad whose Available now ended, started 3 times today',
    status: 'active',
    type: 'free_verified',
    published: true,
    expiresInHours: 20 * 24,
    availableInHours: -1,
    availableStartsHoursAgo: [20, 10, 3],
    allowed: {
      edit_live: 'active',
      'pay:premium': 'active',
      'payment_arrives:premium': 'active',
      reject: 'rejected',
      renew: 'active',
      delete: 'deleted',
      ban_owner: 'active',
      pause: 'paused',
      availability_ends: 'active',
    },
  },
  {
    name: 'a VIP ad paused 2 days ago, featured',
    status: 'paused',
    type: 'paid',
    paid: true,
    published: true,
    expiresInHours: 10 * 24,
    premiumInHours: 3 * 24,
    pausedHoursAgo: 48,
    applied: 'paid',
    allowed: {
      resume: 'active',
      reject: 'rejected',
      delete: 'deleted',
      ban_owner: 'paused',
    },
  },
  {
    name: 'a VIP ad approved, 30 days held, starting in 2 days',
    status: 'scheduled',
    type: 'paid',
    paid: true,
    paidDays: 30,
    applied: 'paid',
    startsInDays: 2,
    allowed: {
      'pay:paid': 'scheduled',
      'pay:premium': 'scheduled',
      'payment_arrives:paid': 'scheduled',
      'payment_arrives:premium': 'scheduled',
      reject: 'rejected',
      delete: 'deleted',
      ban_owner: 'scheduled',
    },
  },
  {
    name: 'a free ad approved, premium days held, starting today',
    status: 'scheduled',
    type: 'free_verified',
    premiumDays: 4,
    applied: 'premium',
    startsInDays: 0,
    allowed: {
      'pay:premium': 'scheduled',
      'payment_arrives:premium': 'scheduled',
      reject: 'rejected',
      start: 'active',
      delete: 'deleted',
      ban_owner: 'scheduled',
    },
  },
  {
    name: 'a paid VIP ad in review, to start in 3 days',
    status: 'pending',
    type: 'paid',
    paid: true,
    paidDays: 30,
    applied: 'paid',
    startsInDays: 3,
    allowed: {
      save: 'pending',
      'pay:paid': 'pending',
      'pay:premium': 'pending',
      'payment_arrives:paid': 'pending',
      'payment_arrives:premium': 'pending',
      approve: 'scheduled',
      reject: 'rejected',
      delete: 'deleted',
      ban_owner: 'pending',
    },
  },
  {
    name: 'a rejected free ad',
    status: 'rejected',
    type: 'free_verified',
    allowed: {
      save: 'rejected',
      submit: 'pending',
      approve: 'active',
      refund: 'rejected',
      delete: 'deleted',
      ban_owner: 'rejected',
    },
  },
  {
    name: 'a rejected VIP ad with its payment kept',
    status: 'rejected',
    type: 'paid',
    paid: true,
    paidDays: 30,
    applied: 'paid',
    refund: 'offered',
    allowed: {
      save: 'rejected',
      submit: 'pending',
      approve: 'active',
      refund: 'payment_pending',
      delete: 'deleted',
      ban_owner: 'rejected',
    },
  },
  {
    name: 'a rejected VIP ad whose payment is being refunded',
    status: 'rejected',
    type: 'paid',
    applied: 'paid',
    refund: 'ready',
    allowed: {
      save: 'rejected',
      refund: 'rejected',
      delete: 'deleted',
      ban_owner: 'rejected',
    },
  },
  {
    name: 'an expired free ad',
    status: 'expired',
    type: 'free_verified',
    published: true,
    expiresInHours: -48,
    allowed: {
      save: 'expired',
      renew: 'pending',
      delete: 'deleted',
      ban_owner: 'expired',
    },
  },
  {
    name: 'an expired VIP ad',
    status: 'expired',
    type: 'paid',
    paid: true,
    published: true,
    expiresInHours: -48,
    applied: 'paid',
    allowed: {
      save: 'expired',
      'pay:paid': 'expired',
      'payment_arrives:paid': 'pending',
      delete: 'deleted',
      ban_owner: 'expired',
    },
  },
  {
    name: 'a deleted free ad',
    status: 'deleted',
    type: 'free_verified',
    allowed: {},
  },
  {
    name: 'a deleted VIP ad',
    status: 'deleted',
    type: 'paid',
    paid: true,
    paidDays: 30,
    applied: 'paid',
    refund: 'ready',
    allowed: {},
  },
  {
    name: 'a paid VIP ad in review, owner banned',
    status: 'pending',
    type: 'paid',
    paid: true,
    paidDays: 30,
    applied: 'paid',
    banned: true,
    allowed: { approve: 'active', reject: 'rejected', ban_owner: 'pending' },
  },
  {
    name: 'a live free ad, owner banned',
    status: 'active',
    type: 'free_verified',
    published: true,
    expiresInHours: 20 * 24,
    banned: true,
    allowed: { reject: 'rejected', ban_owner: 'active' },
  },
  {
    name: 'a rejected VIP ad with its payment kept, owner banned',
    status: 'rejected',
    type: 'paid',
    paid: true,
    paidDays: 30,
    applied: 'paid',
    refund: 'offered',
    banned: true,
    allowed: { approve: 'active', refund: 'payment_pending', ban_owner: 'rejected' },
  },
];

// ---------------------------------------------------------------------------
// Rows as stored, read with to_jsonb so a comparison is byte for byte.
// ---------------------------------------------------------------------------

type Query = (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const SNAPSHOT_SQL = `
SELECT
  (SELECT to_jsonb(a) FROM ads a WHERE a.id = $1)::text AS ad,
  (SELECT coalesce(jsonb_agg(to_jsonb(r) ORDER BY r.created_at, r.id), '[]'::jsonb)
     FROM refunds r WHERE r.ad_id = $1)::text AS refunds,
  (SELECT coalesce(jsonb_agg(to_jsonb(v) ORDER BY v.id), '[]'::jsonb)
     FROM ad_revisions v WHERE v.ad_id = $1)::text AS revisions,
  (SELECT coalesce(jsonb_agg(to_jsonb(p) ORDER BY p.position, p.id), '[]'::jsonb)
     FROM photos p WHERE p.ad_id = $1)::text AS photos,
  (SELECT coalesce(jsonb_agg(to_jsonb(o) ORDER BY o.created_at, o.id), '[]'::jsonb)
     FROM payment_orders o WHERE o.ad_id = $1)::text AS orders`;

interface Snapshot {
  ad: string;
  refunds: string;
  revisions: string;
  photos: string;
  orders: string;
}

async function snapshot(query: Query, adId: number): Promise<Snapshot> {
  const { rows } = await query(SNAPSHOT_SQL, [adId]);
  const row = rows[0];
  if (!row) throw new Error('no snapshot');
  return {
    ad: String(row.ad),
    refunds: String(row.refunds),
    revisions: String(row.revisions),
    photos: String(row.photos),
    orders: String(row.orders),
  };
}

type Row = Record<string, unknown>;
interface Parsed {
  ad: Row;
  refunds: Row[];
  revisions: Row[];
  photos: Row[];
  orders: Row[];
}

const parse = (s: Snapshot): Parsed => ({
  ad: JSON.parse(s.ad) as Row,
  refunds: JSON.parse(s.refunds) as Row[],
  revisions: JSON.parse(s.revisions) as Row[],
  photos: JSON.parse(s.photos) as Row[],
  orders: JSON.parse(s.orders) as Row[],
});

const ms = (value: unknown): number | null =>
  value === null || value === undefined ? null : new Date(String(value)).getTime();

/** A time within two minutes of the expected one. */
function expectNear(value: unknown, expectedMs: number, what: string): void {
  const actual = ms(value);
  expect(actual, `${what} is set`).not.toBeNull();
  expect(
    Math.abs((actual ?? 0) - expectedMs),
    `${what} ≈ ${new Date(expectedMs).toISOString()}`,
  ).toBeLessThan(120_000);
}

const without = (row: Row, ...keys: string[]): Row =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));

/** Ends a transaction whose writes were only looked at. */
class Rollback extends Error {}

describe('every (status, event) pair of the lifecycle table, on PostgreSQL', () => {
  let t: TestApp;
  let owner: SignedIn;
  let bannedOwner: SignedIn;
  let moderator: SignedIn;
  const adIds = new Map<string, number>();

  const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);

  async function insertOrder(
    adId: number,
    product: 'paid' | 'premium',
    options: { complete: boolean },
  ): Promise<string> {
    const sats = 23_334;
    const { rows } = await sql(
      `WITH i AS (SELECT nextval('btc_address_index_seq')::int AS n)
       INSERT INTO payment_orders (ad_id, site_id, product, option_id, days, currency, amount_fiat,
         rate, rate_source, rate_at, amount_sats, network, address_index, address, status,
         received_sats, confirmed_sats, applied_sats, expires_at, completed_at)
       SELECT $1, 'local', $2, $3, $4, 'USD', 14.00, 60000, 'test', now(), $5::bigint, 'testnet',
         i.n, 'tb1qtabletest' || i.n, $6,
         CASE WHEN $7 THEN $5::bigint ELSE 0 END, CASE WHEN $7 THEN $5::bigint ELSE 0 END,
         CASE WHEN $7 THEN $5::bigint ELSE 0 END,
         CASE WHEN $7 THEN now() - interval '1 day' ELSE now() + interval '15 minutes' END,
         CASE WHEN $7 THEN now() - interval '1 day' END
       FROM i RETURNING id`,
      [
        adId,
        product,
        product === 'paid' ? 'DAYS_30' : 'DAYS_15',
        product === 'paid' ? 30 : 15,
        sats,
        options.complete ? 'complete' : 'assigned',
        options.complete,
      ],
    );
    const id = rows[0]?.id;
    if (typeof id !== 'string') throw new Error('order insert returned no row');
    return id;
  }

  async function arrange(f: Fixture): Promise<number> {
    const created = await createAd(t.app, {
      ...(f.anonymous
        ? { email: `table-anonymous-${randomUUID()}@example.com` }
        : { session: f.banned ? bannedOwner.token : owner.token }),
      type: f.type,
      overrides: { title: `Table fixture: ${f.name}` },
    });
    const adId = Number(created.postId);
    await sql(
      `UPDATE ads SET status = $2, paid = $3, paid_days = $4, premium_days = $5,
         expires_at = CASE WHEN $6::int IS NULL THEN NULL ELSE now() + make_interval(hours => $6::int) END,
         premium_until = CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(hours => $7::int) END,
         approved = $8,
         posted_at = CASE WHEN $8 THEN now() - interval '1 day' END,
         reviewed_at = CASE WHEN $8 OR $2 = 'rejected' THEN now() - interval '1 day' END,
         submitted_at = CASE WHEN $2 IN ('pending', 'active', 'rejected', 'expired')
                             THEN now() - interval '2 days' END,
         product = CASE WHEN $3 THEN 'DAYS_30' END,
         deleted_at = CASE WHEN $2 = 'deleted' THEN now() - interval '1 hour' END,
         paused_at = CASE WHEN $9::int IS NULL THEN NULL ELSE now() - make_interval(hours => $9::int) END,
         starts_on = CASE WHEN $10::int IS NULL THEN NULL ELSE (now() AT TIME ZONE 'UTC')::date + $10::int END,
         available_until = CASE WHEN $11::int IS NULL THEN NULL ELSE now() + make_interval(hours => $11::int) END,
         available_since = CASE WHEN $11::int IS NULL THEN NULL ELSE now() - interval '2 hours' END,
         available_starts = ARRAY(SELECT now() - make_interval(hours => h) FROM unnest($12::int[]) AS h)
       WHERE id = $1`,
      [
        adId,
        f.status,
        f.paid ?? false,
        f.paidDays ?? 0,
        f.premiumDays ?? 0,
        f.expiresInHours ?? null,
        f.premiumInHours ?? null,
        f.published === true && (f.status === 'active' || f.status === 'paused'),
        f.pausedHoursAgo ?? null,
        f.startsInDays ?? null,
        f.availableInHours ?? null,
        f.availableStartsHoursAgo ?? [],
      ],
    );
    // Every ad has one approved photo; an edit waiting brings one more.
    await sql(
      `INSERT INTO photos (ad_id, position, is_primary, width, height, phash, pending_review)
       VALUES ($1, 0, true, 800, 600, '00ff00ff00ff00ff', false)`,
      [adId],
    );
    if (f.revision) {
      await sql(
        `INSERT INTO photos (ad_id, position, is_primary, width, height, phash, pending_review)
         VALUES ($1, 1, false, 800, 600, 'ff00ff00ff00ff00', true)`,
        [adId],
      );
      await sql(`INSERT INTO ad_revisions (ad_id, fields, state) VALUES ($1, $2, 'pending')`, [
        adId,
        JSON.stringify({ title: REVISION_TITLE }),
      ]);
    }
    if (f.applied) {
      const orderId = await insertOrder(adId, f.applied, { complete: true });
      if (f.refund) {
        await sql(
          `INSERT INTO refunds (order_id, ad_id, amount_sats, state, reason, address_token_hash,
             refund_address, address_given_at)
           SELECT id, ad_id, confirmed_sats, $2, 'rejected', $3,
             CASE WHEN $2 = 'ready' THEN 'tb1qrefundaddress' END,
             CASE WHEN $2 = 'ready' THEN now() END
           FROM payment_orders WHERE id = $1`,
          [orderId, f.refund, `table-test-${randomUUID()}`],
        );
        if (f.refund === 'ready') {
          await sql('UPDATE payment_orders SET applied_sats = 0 WHERE id = $1', [orderId]);
        }
      }
    }
    if (f.openOrder) await insertOrder(adId, f.openOrder, { complete: false });
    return adId;
  }

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerWithAuthenticator(
      t,
      'table-owner@example.com',
      'a long enough passphrase',
    );
    bannedOwner = await registerWithAuthenticator(
      t,
      'table-banned@example.com',
      'another long passphrase',
    );
    moderator = await signedInWithRole(t, 'table-mod@example.com', 'moderator');
    for (const f of fixtures) adIds.set(f.name, await arrange(f));
    await sql('UPDATE users SET banned_at = now() WHERE id = $1', [bannedOwner.userId]);
  });
  afterAll(async () => {
    await t.close();
  });

  const inputFor = (key: EventKey): AdEventInput => {
    switch (key) {
      case 'save':
      case 'edit_live':
        return { fields: { title: SAVED_TITLE } };
      case 'approve':
      case 'approve_revision':
        return { reviewer: { id: moderator.userId } };
      case 'reject':
      case 'reject_revision':
        return {
          reviewer: { id: moderator.userId },
          rejection: { code: null, reason: 'Refused by the table test.' },
        };
      default:
        return {};
    }
  };

  it('arranges an ad in every status', () => {
    const covered = new Set(fixtures.map((f) => f.status));
    expect([...covered].sort()).toEqual([...adStatuses].sort());
  });

  describe.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const adIdOf = () => {
      const id = adIds.get(f.name);
      if (id === undefined) throw new Error(`fixture ${f.name} not arranged`);
      return id;
    };

    const refusedKeys = eventKeys.filter((k) => !(k in f.allowed));
    const allowedKeys = eventKeys.filter((k) => k in f.allowed);

    it('is in the state the fixture says', async () => {
      const { rows } = await sql('SELECT status FROM ads WHERE id = $1', [adIdOf()]);
      expect(rows[0]?.status).toBe(f.status);
    });

    if (refusedKeys.length > 0) {
      it.each(refusedKeys.map((k) => [k] as const))(
        'refuses %s with a conflict, a catalogue message, and no change',
        async (key) => {
          const adId = adIdOf();
          const before = await snapshot(sql, adId);
          const outcome = await t.database.transaction(async (tx: Tx) => {
            let caught: unknown = null;
            try {
              await applyAdEvent(
                tx,
                { queue: t.queue, adChanges: t.adChanges },
                adId,
                events[key],
                inputFor(key),
              );
            } catch (error) {
              caught = error;
            }
            const inside = await snapshot((text, values) => tx.client.query(text, values), adId);
            return { caught, inside };
          });
          expect(outcome.caught).toBeInstanceOf(DomainError);
          const error = outcome.caught as DomainError;
          expect(error.code).toBe('conflict');
          expect(error.message).not.toBe('');
          expect(catalogue.has(error.message), `"${error.message}" is a catalogue message`).toBe(
            true,
          );
          if (f.banned) {
            const advertiser = [
              'create',
              'save',
              'edit_live',
              'submit',
              'pay:paid',
              'pay:premium',
              'payment_arrives:paid',
              'payment_arrives:premium',
              'renew',
              'delete',
            ];
            if (advertiser.includes(key)) {
              expect(error.message).toBe(sayIn('en', lifecycleMessages.refused.banned));
            }
          }
          if (f.status === 'deleted')
            expect(error.message).toBe(sayIn('en', lifecycleMessages.refused.deleted));
          // Nothing written inside the transaction, and nothing after it committed.
          expect(outcome.inside).toEqual(before);
          expect(await snapshot(sql, adId)).toEqual(before);
        },
      );
    }

    if (allowedKeys.length > 0) {
      it.each(allowedKeys.map((k) => [k, f.allowed[k]] as const))(
        'allows %s → %s, with its effects written',
        async (key, to) => {
          const adId = adIdOf();
          const before = parse(await snapshot(sql, adId));
          const holder: { seen?: { result: AdEventResult; after: Parsed; jobs: number } } = {};
          await t.database
            .transaction(async (tx: Tx) => {
              const result = await applyAdEvent(
                tx,
                { queue: t.queue, adChanges: t.adChanges },
                adId,
                events[key],
                inputFor(key),
              );
              const after = parse(
                await snapshot((text, values) => tx.client.query(text, values), adId),
              );
              const jobs = await tx.client.query<{ n: string }>(
                `SELECT count(*) AS n FROM pgboss.job WHERE name = 'purge-deleted-ad'
                   AND data->>'adId' = $1`,
                [String(adId)],
              );
              holder.seen = { result, after, jobs: Number(jobs.rows[0]?.n ?? 0) };
              throw new Rollback();
            })
            .catch((error: unknown) => {
              if (!(error instanceof Rollback)) throw error;
            });
          if (!holder.seen) throw new Error('the event was not applied');
          const { result, after, jobs } = holder.seen;
          expect(result.after.status).toBe(to);
          expect(after.ad.status).toBe(to);
          checkEffects(key, result.after.status, f, before, after, jobs);
          // Rolled back: the fixture is as it was for the next event.
          expect(parse(await snapshot(sql, adId))).toEqual(before);
        },
      );
    }
  });

  /** What each allowed event must have written, by the documented effects. */
  function checkEffects(
    key: EventKey,
    to: AdStatus,
    f: Fixture,
    b: Parsed,
    a: Parsed,
    purgeJobs: number,
  ) {
    const now = Date.now();
    const ad = a.ad;
    const was = b.ad;
    const unchangedExcept = (...keys: string[]) =>
      expect(without(ad, 'updated_at', 'status', ...keys)).toEqual(
        without(was, 'updated_at', 'status', ...keys),
      );
    const offeredBefore = b.refunds.filter((r) => r.state === 'offered').length;
    switch (key) {
      case 'save':
        expect(ad.title).toBe(SAVED_TITLE);
        // The keywords the city search reads follow the title (a generated column).
        unchangedExcept('title', 'search_vector');
        expect(a.revisions).toEqual(b.revisions);
        break;
      case 'edit_live': {
        // The public version stays; the edit waits for review.
        unchangedExcept();
        const pending = a.revisions.filter((r) => r.state === 'pending');
        expect(pending).toHaveLength(1);
        expect(pending[0]?.fields).toMatchObject({ title: SAVED_TITLE });
        break;
      }
      case 'submit':
        expectNear(ad.submitted_at, now, 'submitted_at');
        unchangedExcept('submitted_at');
        expect(a.refunds.filter((r) => r.state === 'offered')).toEqual([]);
        expect(a.refunds.filter((r) => r.state === 'cancelled')).toHaveLength(
          b.refunds.filter((r) => r.state === 'cancelled').length + offeredBefore,
        );
        break;
      case 'pay:paid':
      case 'pay:premium':
        // Asking for an address changes nothing of the ad.
        unchangedExcept();
        expect(a.orders).toEqual(b.orders);
        expect(a.refunds).toEqual(b.refunds);
        break;
      case 'payment_arrives:paid':
        expect(ad.paid).toBe(true);
        expect(ad.product).toBe('DAYS_30');
        if (f.status === 'active') {
          // A live ad's time runs on from its current end, and it counts as renewed.
          expectNear(ad.expires_at, Math.max(ms(was.expires_at) ?? now, now) + 30 * DAY, 'expiry');
          expectNear(ad.listed_at, now, 'listed_at');
          expect(ad.paid_days).toBe(was.paid_days);
        } else {
          // Held until approval: the clock does not start (a passed expiry is cleared).
          expect(ad.paid_days).toBe(Number(was.paid_days) + 30);
          expect(ad.expires_at).toBe(f.status === 'expired' ? null : was.expires_at);
          expect(ad.approved).toBe(was.approved);
        }
        if (f.status === 'payment_pending' || f.status === 'expired') {
          expectNear(ad.submitted_at, now, 'submitted_at');
        }
        expect(ad.premium_until).toBe(was.premium_until);
        break;
      case 'payment_arrives:premium':
        if (f.status === 'active') {
          expectNear(
            ad.premium_until,
            Math.max(ms(was.premium_until) ?? now, now) + 15 * DAY,
            'premium_until',
          );
          expect(ad.premium_days).toBe(was.premium_days);
        } else {
          expect(ad.premium_days).toBe(Number(was.premium_days) + 15);
          expect(ad.premium_until).toBe(was.premium_until);
        }
        expect(ad.expires_at).toBe(was.expires_at);
        expect(ad.paid).toBe(was.paid);
        break;
      case 'approve': {
        if (to === 'scheduled') {
          // Approved, waiting for its start date: no clock starts, the days stay held.
          expect(ad.approved).toBe(false);
          expect(ad.expires_at).toBeNull();
          expect(ad.paid_days).toBe(was.paid_days);
          expect(ad.reviewed_by).toBe(moderator.userId);
          expectNear(ad.reviewed_at, now, 'reviewed_at');
          unchangedExcept('reviewed_at', 'reviewed_by', 'rejection_code', 'rejection_reason');
          break;
        }
        expect(ad.approved).toBe(true);
        expectNear(ad.posted_at, now, 'posted_at');
        expectNear(ad.listed_at, now, 'listed_at');
        expectNear(ad.reviewed_at, now, 'reviewed_at');
        expect(ad.reviewed_by).toBe(moderator.userId);
        const heldDays = Number(was.paid_days);
        if (f.type === 'paid') {
          // The held VIP days start now.
          expectNear(ad.expires_at, now + heldDays * DAY, 'expiry');
        } else {
          expectNear(ad.expires_at, now + 30 * DAY, 'expiry');
        }
        expect(ad.paid_days).toBe(0);
        if (Number(was.premium_days) > 0) {
          expectNear(ad.premium_until, now + Number(was.premium_days) * DAY, 'premium_until');
        }
        expect(ad.premium_days).toBe(0);
        expect(a.photos.every((p) => p.pending_review === false)).toBe(true);
        expect(a.refunds.filter((r) => r.state === 'offered')).toEqual([]);
        break;
      }
      case 'reject': {
        expect(ad.approved).toBe(false);
        expect(ad.reviewed_by).toBe(moderator.userId);
        expect(ad.rejection_reason).toBe('Refused by the table test.');
        if (f.status === 'active' || f.status === 'paused') {
          // Off the public pages: the time left is held again (a paused ad's clock
          // stopped when it was paused).
          const clock = ms(was.paused_at) ?? now;
          expect(ad.expires_at).toBeNull();
          expect(ad.premium_until).toBeNull();
          expect(ad.paused_at).toBeNull();
          expect(ad.available_until).toBeNull();
          if (f.type === 'paid') {
            const left = Math.ceil(((ms(was.expires_at) ?? clock) - clock) / DAY);
            expect(
              Math.abs(Number(ad.paid_days) - (Number(was.paid_days) + left)),
            ).toBeLessThanOrEqual(1);
          }
          if (was.premium_until !== null) {
            const left = Math.ceil(((ms(was.premium_until) ?? clock) - clock) / DAY);
            expect(
              Math.abs(Number(ad.premium_days) - (Number(was.premium_days) + left)),
            ).toBeLessThanOrEqual(1);
          }
          if (f.revision) {
            expect(ad.title).toBe(REVISION_TITLE);
            expect(a.revisions.map((r) => r.state)).toEqual(['merged']);
          }
        } else {
          expect(ad.expires_at).toBe(was.expires_at);
          expect(ad.paid_days).toBe(was.paid_days);
        }
        // Money applied to it may be refunded on request, or kept for a resubmission.
        const appliedOrders = b.orders.filter((o) => Number(o.applied_sats) > 0);
        const offered = a.refunds.filter((r) => r.state === 'offered');
        expect(offered.map((r) => r.order_id).sort()).toEqual(
          appliedOrders.map((o) => o.id).sort(),
        );
        for (const r of offered) {
          const order = appliedOrders.find((o) => o.id === r.order_id);
          expect(String(r.amount_sats)).toBe(String(order?.applied_sats));
        }
        expect(a.orders).toEqual(b.orders);
        break;
      }
      case 'approve_revision':
        expect(ad.title).toBe(REVISION_TITLE);
        expect(ad.approved).toBe(true);
        expect(ad.expires_at).toBe(was.expires_at);
        expect(a.revisions.map((r) => r.state)).toEqual(['approved']);
        expect(a.photos.every((p) => p.pending_review === false)).toBe(true);
        expect(a.photos).toHaveLength(b.photos.length);
        break;
      case 'reject_revision':
        unchangedExcept();
        expect(a.revisions.map((r) => r.state)).toEqual(['rejected']);
        // The photo that came with the refused edit never goes public.
        expect(a.photos).toEqual(b.photos.filter((p) => p.pending_review === false));
        break;
      case 'renew':
        if (f.status === 'active') {
          expectNear(ad.expires_at, now + 30 * DAY, 'expiry');
          expect(ad.approved).toBe(true);
          // A renewal puts it among the last day's ads of the city page.
          expectNear(ad.listed_at, now, 'listed_at');
          unchangedExcept('expires_at', 'listed_at');
        } else {
          // Back to review: the passed expiry is cleared, the 30 days start at approval.
          expectNear(ad.submitted_at, now, 'submitted_at');
          expect(ad.expires_at).toBeNull();
          unchangedExcept('submitted_at', 'expires_at');
        }
        break;
      case 'expire':
        expect(ad.expires_at).toBe(was.expires_at);
        expect(ad.available_until).toBeNull();
        expect(a.revisions.filter((r) => r.state === 'pending')).toEqual([]);
        break;
      case 'delete': {
        expectNear(ad.deleted_at, now, 'deleted_at');
        expect(ad.approved).toBe(false);
        expect(ad.edit_token_hash).toBeNull();
        expect(ad.activation_token_hash).toBeNull();
        expect(purgeJobs).toBe(1);
        expect(a.revisions.filter((r) => r.state === 'pending')).toEqual([]);
        for (const o of a.orders.filter((x) => x.status !== 'complete')) {
          expect(ms(o.expires_at) ?? Infinity).toBeLessThanOrEqual(now + 1000);
        }
        if (f.status !== 'active' && f.status !== 'expired' && f.status !== 'paused') {
          // Paid time that never started is refunded: nothing stays applied.
          for (const o of a.orders) expect(String(o.applied_sats)).toBe('0');
          const refundedBefore = b.orders.filter((o) => Number(o.applied_sats) > 0);
          for (const o of refundedBefore) {
            const open = a.refunds.filter(
              (r) =>
                r.order_id === o.id &&
                ['awaiting_address', 'ready', 'sent'].includes(String(r.state)),
            );
            expect(open.reduce((sum, r) => sum + Number(r.amount_sats), 0)).toBe(
              Number(o.applied_sats),
            );
          }
          expect(a.refunds.filter((r) => r.state === 'offered')).toEqual([]);
        } else {
          expect(a.refunds).toEqual(b.refunds);
        }
        break;
      }
      case 'change_type':
        // A free ad now, a draft again; the addresses issued for VIP time close.
        expect(ad.type).toBe('free_verified');
        // The city page's group follows the type (a generated column).
        unchangedExcept('type', 'listing_group');
        for (const o of a.orders.filter((x) => x.status !== 'complete')) {
          expect(ms(o.expires_at) ?? Infinity).toBeLessThanOrEqual(now + 1000);
        }
        expect(a.refunds).toEqual(b.refunds);
        break;
      case 'ban_owner':
        unchangedExcept();
        for (const o of a.orders.filter((x) => x.status !== 'complete')) {
          expect(ms(o.expires_at) ?? Infinity).toBeLessThanOrEqual(now + 1000);
        }
        expect(a.refunds).toEqual(b.refunds);
        break;
      case 'refund':
        expect(ad.paid).toBe(false);
        expect(ad.paid_days).toBe(0);
        expect(ad.premium_days).toBe(0);
        expect(ad.product).toBeNull();
        for (const o of a.orders) {
          const refunded = a.refunds.some(
            (r) =>
              r.order_id === o.id &&
              ['awaiting_address', 'ready', 'sent'].includes(String(r.state)),
          );
          if (refunded) expect(String(o.applied_sats)).toBe('0');
        }
        break;
      case 'pause':
        // Off the public pages; the clocks keep their ends until it is resumed.
        expectNear(ad.paused_at, now, 'paused_at');
        expect(ad.available_until).toBeNull();
        expect(ad.available_since).toBeNull();
        unchangedExcept('paused_at', 'available_until', 'available_since');
        for (const o of a.orders.filter((x) => x.status !== 'complete')) {
          expect(ms(o.expires_at) ?? Infinity).toBeLessThanOrEqual(now + 1000);
        }
        expect(a.refunds).toEqual(b.refunds);
        break;
      case 'resume': {
        // Back at once; the time it was paused is given back to the second.
        const pausedFor = now - (ms(was.paused_at) ?? now);
        expect(ad.paused_at).toBeNull();
        expectNear(ad.expires_at, (ms(was.expires_at) ?? 0) + pausedFor, 'expiry');
        expectNear(ad.premium_until, (ms(was.premium_until) ?? 0) + pausedFor, 'premium_until');
        unchangedExcept('paused_at', 'expires_at', 'premium_until');
        break;
      }
      case 'start':
        // Its start date has come: public now, its held days start.
        expect(ad.approved).toBe(true);
        expectNear(ad.posted_at, now, 'posted_at');
        expectNear(ad.expires_at, now + 30 * DAY, 'expiry');
        expectNear(ad.premium_until, now + Number(was.premium_days) * DAY, 'premium_until');
        expect(ad.premium_days).toBe(0);
        expect(a.refunds).toEqual(b.refunds);
        break;
      case 'make_available': {
        expectNear(ad.available_until, now + 2 * 3_600_000, 'available_until');
        expectNear(ad.available_since, now, 'available_since');
        // The starts of the last 24 hours are kept, and this one.
        const starts = ad.available_starts as string[];
        const recent = (was.available_starts as string[])
          .map((x) => ms(x) ?? 0)
          .filter((x) => x > now - DAY);
        expect(starts).toHaveLength(recent.length + 1);
        expectNear(starts.at(-1), now, 'the new start');
        unchangedExcept('available_until', 'available_since', 'available_starts');
        break;
      }
      case 'plan_visits':
        // The list is another table's (ad_visits): the ad itself is unchanged.
        unchangedExcept();
        break;
      case 'end_available':
      case 'availability_ends':
        expect(ad.available_until).toBeNull();
        expect(ad.available_since).toBeNull();
        unchangedExcept('available_until', 'available_since');
        break;
      case 'create':
        throw new Error('create is never allowed on an existing ad');
    }
  }

  describe('the SQL answers agree with the table', () => {
    it.each(adStatuses.map((s) => [s] as const))('%s', async (status) => {
      const { rows } = await sql(
        `SELECT ad_is_visible($1, NULL, now() + interval '1 day') AS live,
                ad_is_visible($1, NULL, NULL) AS no_expiry,
                ad_is_visible($1, NULL, now() - interval '1 second') AS time_up,
                ad_is_visible($1, now(), now() + interval '1 day') AS deleted,
                ad_status_in_review($1) AS in_review`,
        [status],
      );
      const isPublic = publicStatuses.includes(status);
      expect(rows[0]).toEqual({
        live: isPublic,
        no_expiry: isPublic,
        time_up: false,
        deleted: false,
        in_review: reviewStatuses.includes(status),
      });
    });

    it('lists in public_ads exactly the live, unexpired ads of owners not banned', async () => {
      const ids = [...adIds.values()];
      const { rows } = await sql('SELECT id FROM public_ads WHERE id = ANY($1::bigint[])', [ids]);
      const listed = rows.map((r) => Number(r.id)).sort((x, y) => x - y);
      const want = [
        adIds.get('a live free ad with an edit waiting'),
        adIds.get('a live VIP ad, featured'),
        adIds.get('a live free ad, available now since 2 hours ago'),
        adIds.get('a live free ad whose Available now ended, started 3 times today'),
      ].map(Number);
      expect(listed).toEqual(want.sort((x, y) => x - y));
    });
  });
});
