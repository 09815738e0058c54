import type { AdStatus } from '@adboard/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, photos } from '../../db/schema.js';
import { publicStatuses, reviewStatuses } from './transitions.js';

export type AdRow = typeof ads.$inferSelect;

/**
 * The columns of an ad the lifecycle writes, by name: plain values, or values the
 * database computes as the row is written (`adStateValues`).
 */
export type AdStateChange = Record<string, unknown>;

/** A value the database computes as the row is written (one of `adStateValues`). */
export type AdStateValue = SQL;

/** Whether an account of this email, or owning ads with this phone, is banned. */
const bannedContactSql = (email: SQL | string, phone: SQL | string | null): SQL =>
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

/** The ad with what the transition table reads besides its row; `forUpdate` locks the row. */
export async function findAdWithLifecycleFacts(
  db: Db,
  adId: number,
  options: { forUpdate?: boolean } = {},
): Promise<{ ad: AdRow; ownerBanned: boolean; pendingRevision: boolean } | undefined> {
  const query = db
    .select({ ad: ads, ownerBanned: ownerBannedSql, pendingRevision: pendingRevisionSql })
    .from(ads)
    .where(eq(ads.id, adId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) return undefined;
  return {
    ad: row.ad,
    ownerBanned: Boolean(row.ownerBanned),
    pendingRevision: Boolean(row.pendingRevision),
  };
}

/** Whether the email is a banned account's, or the phone is on an ad of a banned account. */
export async function hasBannedContact(
  db: Db,
  emailNormalized: string,
  phoneE164: string | null,
): Promise<boolean> {
  const { rows } = await db.execute<{ banned: boolean }>(
    sql`SELECT ${bannedContactSql(emailNormalized, phoneE164)} AS banned`,
  );
  return Boolean(rows[0]?.banned);
}

const days = (n: SQL | number) => sql`make_interval(days => ${n})`;

/** The clocks' now: a paused ad's stopped when it was paused. */
const clockNow = sql`coalesce(${ads.pausedAt}, now())`;

/** The time held by a VIP or premium clock still ahead, in whole days (rounded up). */
const daysLeft = (until: SQL | typeof ads.expiresAt) =>
  sql<number>`CASE WHEN ${until} > ${clockNow} THEN ceil(extract(epoch FROM ${until} - ${clockNow}) / 86400)::int ELSE 0 END`;

type HeldDays = 'paidDays' | 'premiumDays';
type Clock = 'expiresAt' | 'premiumUntil';

/**
 * Values the database computes as `updateAdState` writes the row. Every one reads
 * the row as it was before the update, whatever else the same change sets.
 */
export const adStateValues = {
  now: (): AdStateValue => sql`now()`,
  daysFromNow: (n: number): AdStateValue => sql`now() + ${days(n)}`,
  /** Days held (paid or premium, not started yet) plus `n`. */
  heldDaysPlus: (column: HeldDays, n: number): AdStateValue => sql`${ads[column]} + ${n}`,
  /** Days held plus what is left of the running clock, to start again later. */
  heldDaysPlusTimeLeft: (column: HeldDays, clock: Clock): AdStateValue =>
    sql`${ads[column]} + ${daysLeft(sql`${ads[clock]}`)}`,
  /** The clock pushed `n` days further, from now when it has run out. */
  extendedBy: (clock: Clock, n: number): AdStateValue =>
    sql`greatest(coalesce(${ads[clock]}, now()), now()) + ${days(n)}`,
  /** The paid days held, started now; the expiry unchanged when none are held. */
  paidTimeFromNow: (): AdStateValue =>
    sql`CASE WHEN ${ads.paidDays} > 0 THEN now() + make_interval(days => ${ads.paidDays}) ELSE ${ads.expiresAt} END`,
  /** A clock that was running when the ad was paused, moved on by the time it was paused. */
  movedOnByPause: (clock: Clock): AdStateValue =>
    sql`CASE WHEN ${ads[clock]} > ${ads.pausedAt} THEN ${ads[clock]} + (now() - ${ads.pausedAt}) ELSE ${ads[clock]} END`,
  hoursFromNow: (n: number): AdStateValue => sql`now() + make_interval(hours => ${n})`,
  /** The starts of 'Available now' within the last `hours`, and now. */
  availableStartsWithNow: (hours: number): AdStateValue =>
    sql`array_append(ARRAY(SELECT s FROM unnest(${ads.availableStarts}) AS s
          WHERE s > now() - make_interval(hours => ${hours})), now())`,
  /** The premium days held, started now; premium unchanged when none are held. */
  premiumTimeFromNow: (): AdStateValue =>
    sql`CASE WHEN ${ads.premiumDays} > 0 THEN now() + make_interval(days => ${ads.premiumDays}) ELSE ${ads.premiumUntil} END`,
};

/** Writes the lifecycle's change to the (locked) ad; undefined when the row is gone. */
export async function updateAdState(
  db: Db,
  adId: number,
  change: AdStateChange,
): Promise<AdRow | undefined> {
  const [updated] = await db.update(ads).set(change).where(eq(ads.id, adId)).returning();
  return updated;
}

/** The photos that waited, with an edit, for review go public. */
export async function approvePendingPhotos(db: Db, adId: number): Promise<void> {
  await db
    .update(photos)
    .set({ pendingReview: false })
    .where(and(eq(photos.adId, adId), eq(photos.pendingReview, true)));
}

/** The photos that came with a refused or discarded edit, which never go public. */
export async function deletePendingPhotos(db: Db, adId: number): Promise<void> {
  await db.delete(photos).where(and(eq(photos.adId, adId), eq(photos.pendingReview, true)));
}

const list = (statuses: readonly AdStatus[]): string =>
  statuses.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ');

/**
 * The lifecycle's answers for SQL, generated from the transition table and
 * installed after every migration (db/migrate.ts), so the database asks the
 * same rule the code does instead of keeping a copy:
 * - ad_is_visible(status, deleted_at, expires_at): public status, not deleted,
 *   time not up (a simple expression PostgreSQL inlines, so indexes still apply);
 * - ad_status_in_review(status): waiting for a moderator;
 * - the view public_ads: the ads the public may see (visible; `owner_shown`: an owner
 *   account, not banned, kept on the ad by triggers, migration 0022);
 * - the view ads_awaiting_review: what waits for a moderator's decision, an ad in
 *   review or an edit of a live ad (owner not banned), and since when; the queue and
 *   the dashboard both count from it;
 * - the view ads_in_moderation_queue: every ad a moderator has to look at, awaiting
 *   review or with an open report (not deleted, owner not banned): the queue lists
 *   these and the dashboard's 'In the queue' counts them, so the two always agree.
 */
export function adStateSql(): string {
  return `
CREATE OR REPLACE FUNCTION ad_is_visible(status text, deleted_at timestamptz, expires_at timestamptz)
  RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT status IN (${list(publicStatuses)}) AND deleted_at IS NULL
          AND (expires_at IS NULL OR expires_at > now()) $$;
CREATE OR REPLACE FUNCTION ad_status_in_review(status text)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT status IN (${list(reviewStatuses)}) $$;
DROP VIEW IF EXISTS public_ads;
DROP VIEW IF EXISTS ads_in_moderation_queue;
DROP VIEW IF EXISTS ads_awaiting_review;
CREATE VIEW ads_awaiting_review AS
  SELECT a.id, a.type, coalesce(a.submitted_at, a.created_at) AS waiting_since, false AS revision
  FROM ads a
  WHERE ad_status_in_review(a.status) AND a.deleted_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.owner_id AND u.banned_at IS NOT NULL)
  UNION ALL
  SELECT a.id, a.type, r.created_at, true
  FROM ad_revisions r JOIN ads a ON a.id = r.ad_id
  WHERE r.state = 'pending' AND a.status IN (${list(publicStatuses)}) AND a.deleted_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.owner_id AND u.banned_at IS NOT NULL);
CREATE VIEW ads_in_moderation_queue AS
  SELECT a.id FROM ads a
  WHERE a.status <> 'deleted' AND a.deleted_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.owner_id AND u.banned_at IS NOT NULL)
    AND (EXISTS (SELECT 1 FROM ads_awaiting_review w WHERE w.id = a.id)
         OR EXISTS (SELECT 1 FROM ad_reports r WHERE r.ad_id = a.id AND r.resolved_at IS NULL));
CREATE VIEW public_ads AS
  SELECT a.* FROM ads a
  WHERE ad_is_visible(a.status, a.deleted_at, a.expires_at)
    AND a.owner_shown;
`;
}
