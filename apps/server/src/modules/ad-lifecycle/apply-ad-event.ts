import { isFreeType, lifecycle, type AdType } from '@adboard/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { adRevisions, ads, photos } from '../../db/schema.js';
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
import { adMessages } from '@adboard/shared';
import { findPendingRevision, revisionFields } from './revisions.js';
import {
  decide,
  decideCreate,
  type AdEvent,
  type AdFacts,
  type AdTransition,
} from './transitions.js';

export type AdRow = typeof ads.$inferSelect;
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

/** Whether an account of this email, or owning ads with this phone, is banned. */
export const bannedContactSql = (email: SQL | string, phone: SQL | string | null): SQL =>
  sql`(EXISTS (SELECT 1 FROM users u WHERE u.email_normalized = ${email} AND u.banned_at IS NOT NULL)
       OR (${phone}::text IS NOT NULL AND EXISTS (
         -- From the few banned accounts (users_banned_idx) to their ads, not from every
         -- ad that shares the phone.
         SELECT 1 FROM users u
         WHERE u.banned_at IS NOT NULL
           AND EXISTS (SELECT 1 FROM ads x WHERE x.owner_id = u.id AND x.phone_e164 = ${phone}::text))))`;

/**
 * The owner's ban, or for an anonymous ad the ban of an account with its email, for the
 * ads row named `alias` (qualified: inside the subqueries a bare name would be users').
 */
export const ownerBannedSqlOf = (alias: string): string =>
  `coalesce(
  (SELECT u.banned_at IS NOT NULL FROM users u WHERE u.id = ${alias}.owner_id),
  EXISTS (SELECT 1 FROM users u WHERE u.email_normalized = ${alias}.email_normalized AND u.banned_at IS NOT NULL))`;
const ownerBannedSql = sql<boolean>`${sql.raw(ownerBannedSqlOf('"ads"'))}`;

const pendingRevisionSql = sql<boolean>`EXISTS (SELECT 1 FROM ad_revisions r WHERE r.ad_id = "ads"."id" AND r.state = 'pending')`;

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
  };
}

/** The ad and the facts the table reads; with `forUpdate` the row stays locked for the transaction. */
export async function loadAdFacts(
  db: Db,
  adId: number,
  options: { forUpdate?: boolean } = {},
): Promise<{ ad: AdRow; facts: AdFacts } | null> {
  const query = db
    .select({ ad: ads, ownerBanned: ownerBannedSql, pendingRevision: pendingRevisionSql })
    .from(ads)
    .where(eq(ads.id, adId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) return null;
  return {
    ad: row.ad,
    facts: factsOf(row.ad, {
      ownerBanned: Boolean(row.ownerBanned),
      pendingRevision: Boolean(row.pendingRevision),
    }),
  };
}

const days = (n: SQL | number) => sql`make_interval(days => ${n})`;

/** The time held by a VIP or premium clock still ahead, in whole days (rounded up). */
const daysLeft = (until: SQL | typeof ads.expiresAt) =>
  sql<number>`CASE WHEN ${until} > now() THEN ceil(extract(epoch FROM ${until} - now()) / 86400)::int ELSE 0 END`;

function freeOrPaidExpiry(type: AdType): SQL {
  return isFreeType(type)
    ? sql`now() + ${days(lifecycle.freeAdDays)}`
    : sql`CASE WHEN ${ads.paidDays} > 0 THEN now() + make_interval(days => ${ads.paidDays}) ELSE ${ads.expiresAt} END`;
}

const pendingRevision = (tx: Tx, adId: number) =>
  findPendingRevision(tx.db, adId, { forUpdate: true });

/**
 * Applies one event of the lifecycle table to an ad, in the caller's
 * transaction: locks the ad, decides (refusing with the event's catalogue
 * message and writing nothing when the table has no row), then runs the
 * row's effects. The only code that writes an ad's status, paid time,
 * expiry, premium and publication columns.
 */
export async function applyAdEvent(
  tx: Tx,
  deps: { queue: JobQueue },
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

  const set: Record<string, unknown> = { status: decision.to, updatedAt: sql`now()` };
  const result: Omit<AdEventResult, 'after'> = {
    before,
    transition,
    refundOffers: [],
    refunds: [],
    refundsCancelled: 0,
  };
  const after: Array<() => Promise<void>> = [];

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
        const fields = { ...(open?.fields ?? {}), ...serialiseFields(input.fields ?? {}) };
        if (open) {
          await tx.db
            .update(adRevisions)
            .set({ fields, updatedAt: sql`now()` })
            .where(eq(adRevisions.id, open.id));
        } else {
          await tx.db.insert(adRevisions).values({ adId, fields, state: 'pending' });
        }
        break;
      }
      case 'mark_submitted':
        set.submittedAt = sql`now()`;
        break;
      case 'hold_paid_days':
        if (event.type !== 'payment_arrives') break;
        set.paid = true;
        set.paidDays = sql`${ads.paidDays} + ${event.days}`;
        set.product = event.optionId;
        break;
      case 'hold_premium_days':
        if (event.type !== 'payment_arrives') break;
        set.premiumDays = sql`${ads.premiumDays} + ${event.days}`;
        break;
      case 'extend_expiry':
        if (event.type !== 'payment_arrives') break;
        set.paid = true;
        set.product = event.optionId;
        set.expiresAt = sql`greatest(coalesce(${ads.expiresAt}, now()), now()) + ${days(event.days)}`;
        break;
      case 'extend_premium':
        if (event.type !== 'payment_arrives') break;
        set.premiumUntil = sql`greatest(coalesce(${ads.premiumUntil}, now()), now()) + ${days(event.days)}`;
        break;
      case 'publish':
        set.approved = true;
        set.postedAt = sql`now()`;
        set.expiresAt = freeOrPaidExpiry(before.type);
        set.paidDays = 0;
        set.premiumUntil = sql`CASE WHEN ${ads.premiumDays} > 0 THEN now() + make_interval(days => ${ads.premiumDays}) ELSE ${ads.premiumUntil} END`;
        set.premiumDays = 0;
        after.push(() => approvePendingPhotos(tx, adId));
        break;
      case 'record_review':
        set.reviewedAt = sql`now()`;
        set.reviewedBy = input.reviewer?.id ?? null;
        set.rejectionCode = input.rejection?.code ?? null;
        set.rejectionReason = input.rejection?.reason ?? null;
        break;
      case 'unpublish':
        set.approved = false;
        if (isFreeType(before.type)) {
          set.expiresAt = null;
        } else {
          set.paidDays = sql`${ads.paidDays} + ${daysLeft(sql`${ads.expiresAt}`)}`;
          set.expiresAt = null;
        }
        set.premiumDays = sql`${ads.premiumDays} + ${daysLeft(sql`${ads.premiumUntil}`)}`;
        set.premiumUntil = null;
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
        await tx.db
          .update(adRevisions)
          .set({
            state: effect === 'apply_revision' ? 'approved' : 'merged',
            updatedAt: sql`now()`,
            reviewedAt: effect === 'apply_revision' ? sql`now()` : null,
            reviewedBy: effect === 'apply_revision' ? (input.reviewer?.id ?? null) : null,
          })
          .where(eq(adRevisions.id, open.id));
        after.push(() => approvePendingPhotos(tx, adId));
        break;
      }
      case 'discard_revision': {
        const open = await pendingRevision(tx, adId);
        if (!open) break;
        await tx.db
          .update(adRevisions)
          .set({
            state: input.rejection ? 'rejected' : 'discarded',
            updatedAt: sql`now()`,
            reviewedAt: input.rejection ? sql`now()` : null,
            reviewedBy: input.reviewer?.id ?? null,
            rejectionCode: input.rejection?.code ?? null,
            rejectionReason: input.rejection?.reason ?? null,
          })
          .where(eq(adRevisions.id, open.id));
        // Photos that came with the refused edit never go public.
        await tx.db
          .delete(photos)
          .where(and(eq(photos.adId, adId), eq(photos.pendingReview, true)));
        break;
      }
      case 'clear_expiry':
        set.expiresAt = null;
        break;
      case 'restart_free_time':
        set.expiresAt = sql`now() + ${days(lifecycle.freeAdDays)}`;
        break;
      case 'retire':
        set.approved = false;
        set.deletedAt = sql`now()`;
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
            before.status === 'active' || before.status === 'expired'
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

  const [updated] = await tx.db.update(ads).set(set).where(eq(ads.id, adId)).returning();
  if (!updated) throw new Error('ad vanished under its lock');
  for (const step of after) await step();
  return { ...result, after: updated };
}

async function approvePendingPhotos(tx: Tx, adId: number): Promise<void> {
  await tx.db
    .update(photos)
    .set({ pendingReview: false })
    .where(and(eq(photos.adId, adId), eq(photos.pendingReview, true)));
}

/** Revision fields are kept as JSON: dates as ISO text. */
function serialiseFields(fields: AdContentFields): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, v instanceof Date ? { $date: v.toISOString() } : v]),
  );
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
  const { rows } = await tx.db.execute<{ banned: boolean }>(
    sql`SELECT ${bannedContactSql(emailNormalized, phoneE164)} AS banned`,
  );
  return Boolean(rows[0]?.banned);
}
