import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { idempotencyKeys } from '../../db/schema.js';

/** A key's row is found by its scope and the lookup hash of the key (never the key itself). */
export interface IdempotencyKeyRef {
  scope: string;
  keyHash: string;
}

/** What a key's row keeps: the request it was taken for, and its answer once recorded. */
export interface StoredIdempotencyKey {
  requestHash: string;
  result: unknown;
  sealed: string | null;
}

function keyRow(ref: IdempotencyKeyRef) {
  return and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.keyHash, ref.keyHash));
}

/**
 * Takes the key for a request: true when this call inserted its row. ON CONFLICT
 * DO NOTHING waits for a transaction that inserted the same key and has not ended.
 */
export async function insertIdempotencyKey(
  db: Db,
  ref: IdempotencyKeyRef,
  requestHash: string,
): Promise<boolean> {
  const taken = await db
    .insert(idempotencyKeys)
    .values({ scope: ref.scope, keyHash: ref.keyHash, requestHash })
    .onConflictDoNothing()
    .returning({ keyHash: idempotencyKeys.keyHash });
  return taken.length > 0;
}

export async function findIdempotencyKey(
  db: Db,
  ref: IdempotencyKeyRef,
): Promise<StoredIdempotencyKey | undefined> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      result: idempotencyKeys.result,
      sealed: idempotencyKeys.sealed,
    })
    .from(idempotencyKeys)
    .where(keyRow(ref));
  return row;
}

/** Keeps the answer of a key taken in the same transaction. */
export async function updateIdempotencyAnswer(
  db: Db,
  ref: IdempotencyKeyRef,
  answer: { result: unknown; sealed: string | null },
): Promise<void> {
  await db.update(idempotencyKeys).set(answer).where(keyRow(ref));
}

/** Deletes the keys taken at or before `cutoff`; answers how many. */
export async function deleteIdempotencyKeysTakenUntil(db: Db, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.createdAt, cutoff))
    .returning({ keyHash: idempotencyKeys.keyHash });
  return deleted.length;
}
