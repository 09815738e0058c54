import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { adRevisions } from '../../db/schema.js';

export type AdRevisionRow = typeof adRevisions.$inferSelect;

/** The ad's newest revision (pending, or the last decided one). */
export async function latestRevision(db: Db, adId: number): Promise<AdRevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(adRevisions)
    .where(eq(adRevisions.adId, adId))
    .orderBy(desc(adRevisions.id))
    .limit(1);
  return row;
}

/** The ad's edit waiting for review, if any (locked for the caller's transaction on request). */
export async function findPendingRevision(
  db: Db,
  adId: number,
  options: { forUpdate?: boolean } = {},
): Promise<AdRevisionRow | undefined> {
  const query = db
    .select()
    .from(adRevisions)
    .where(and(eq(adRevisions.adId, adId), eq(adRevisions.state, 'pending')));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Opens the ad's edit waiting for review, with its fields (as `serialiseRevisionFields` keeps them). */
export async function insertPendingRevision(
  db: Db,
  adId: number,
  fields: Record<string, unknown>,
): Promise<void> {
  await db.insert(adRevisions).values({ adId, fields, state: 'pending' });
}

/** Replaces the fields of an edit still waiting for review. */
export async function updateRevisionFields(
  db: Db,
  revisionId: number,
  fields: Record<string, unknown>,
): Promise<void> {
  await db
    .update(adRevisions)
    .set({ fields, updatedAt: sql`now()` })
    .where(eq(adRevisions.id, revisionId));
}

/** How a pending edit ends. */
export interface RevisionOutcome {
  state: Exclude<AdRevisionRow['state'], 'pending'>;
  /** Whether a moderator decided it now (reviewed_at is set, else cleared). */
  reviewedNow: boolean;
  reviewedBy: string | null;
  /** Written (null clears it) when given; left as it is when omitted. */
  rejection?: { code: string | null; reason: string | null };
}

/** Ends a pending edit: applied or merged into the ad, refused or discarded. */
export async function settleRevision(
  db: Db,
  revisionId: number,
  outcome: RevisionOutcome,
): Promise<void> {
  await db
    .update(adRevisions)
    .set({
      state: outcome.state,
      updatedAt: sql`now()`,
      reviewedAt: outcome.reviewedNow ? sql`now()` : null,
      reviewedBy: outcome.reviewedBy,
      ...(outcome.rejection
        ? {
            rejectionCode: outcome.rejection.code,
            rejectionReason: outcome.rejection.reason,
          }
        : {}),
    })
    .where(eq(adRevisions.id, revisionId));
}

/** Revision fields are kept as JSON: dates as ISO text. */
export function serialiseRevisionFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, v instanceof Date ? { $date: v.toISOString() } : v]),
  );
}

/** A revision's fields as ad columns (dates stored as { $date } come back as dates). */
export function revisionFields(revision: AdRevisionRow): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(revision.fields).map(([k, v]) => [
      k,
      v !== null && typeof v === 'object' && '$date' in v && typeof v.$date === 'string'
        ? new Date(v.$date)
        : v,
    ]),
  );
}
