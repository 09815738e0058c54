import { and, desc, eq } from 'drizzle-orm';
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
