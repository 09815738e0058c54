import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  ads,
  recoveryCodes,
  rememberedDevices,
  secondFactors,
  signInChallenges,
} from '../../db/schema.js';

export type SecondFactorRow = typeof secondFactors.$inferSelect;
export type SignInChallengeRow = typeof signInChallenges.$inferSelect;

/** The account's authenticator apps that are on (confirmed), oldest first. */
export async function listConfirmedFactors(db: Db, userId: string): Promise<SecondFactorRow[]> {
  return db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
}

export async function countConfirmedFactors(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)));
  return row?.n ?? 0;
}

/** A new set-up; any earlier unconfirmed one of the account is dropped (one at a time). */
export async function insertPendingFactor(
  db: Db,
  row: { id: string; userId: string; name: string; secretSealed: string },
): Promise<void> {
  await db
    .delete(secondFactors)
    .where(and(eq(secondFactors.userId, row.userId), isNull(secondFactors.confirmedAt)));
  await db.insert(secondFactors).values({ ...row, kind: 'totp' });
}

/** The account's unconfirmed set-up of this id started after `since`, locked. */
export async function lockPendingFactor(
  db: Db,
  userId: string,
  id: string,
  since: Date,
): Promise<SecondFactorRow | undefined> {
  const [row] = await db
    .select()
    .from(secondFactors)
    .where(
      and(
        eq(secondFactors.id, id),
        eq(secondFactors.userId, userId),
        isNull(secondFactors.confirmedAt),
        gt(secondFactors.createdAt, since),
      ),
    )
    .for('update');
  return row;
}

export async function confirmFactor(
  db: Db,
  id: string,
  changes: { name: string; step: number },
): Promise<void> {
  await db
    .update(secondFactors)
    .set({
      name: changes.name,
      confirmedAt: sql`now()`,
      lastUsedStep: changes.step,
      lastUsedAt: sql`now()`,
    })
    .where(eq(secondFactors.id, id));
}

/**
 * Takes `step` for the factor when it is later than the last step it accepted, in
 * one conditional UPDATE: of two servers given the same code at once, one wins.
 */
export async function claimTotpStep(db: Db, factorId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastUsedStep: step, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(secondFactors.id, factorId),
        or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: secondFactors.id });
  return rows.length === 1;
}

export async function renameConfirmedFactor(
  db: Db,
  userId: string,
  id: string,
  name: string,
): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ name })
    .where(
      and(
        eq(secondFactors.id, id),
        eq(secondFactors.userId, userId),
        isNotNull(secondFactors.confirmedAt),
      ),
    )
    .returning({ id: secondFactors.id });
  return rows.length === 1;
}

export async function deleteConfirmedFactor(
  db: Db,
  userId: string,
  id: string,
): Promise<SecondFactorRow | undefined> {
  const [row] = await db
    .delete(secondFactors)
    .where(
      and(
        eq(secondFactors.id, id),
        eq(secondFactors.userId, userId),
        isNotNull(secondFactors.confirmedAt),
      ),
    )
    .returning();
  return row;
}

/** Every factor, recovery code and remembered device of the account (the operator's reset). */
export async function deleteAllSecondFactors(db: Db, userId: string): Promise<number> {
  const removed = await db
    .delete(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
    .returning({ id: secondFactors.id });
  await db.delete(secondFactors).where(eq(secondFactors.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await forgetRememberedDevices(db, userId);
  return removed.length;
}

/** The account's recovery codes become these (the old ones stop working). */
export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Marks the account's unused code of this hash used, in one conditional UPDATE (used
 * once, on any server); answers the stored hash, which the caller compares in
 * constant time, or null.
 */
export async function useRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
): Promise<string | null> {
  const [row] = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: recoveryCodes.codeHash });
  return row?.codeHash ?? null;
}

export async function insertChallenge(
  db: Db,
  row: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(signInChallenges).values(row);
}

/** The challenge of this token hash, locked when `forUpdate`. */
export async function findChallenge(
  db: Db,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<SignInChallengeRow | undefined> {
  const query = db.select().from(signInChallenges).where(eq(signInChallenges.tokenHash, tokenHash));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function countChallengeAttempt(db: Db, id: string): Promise<void> {
  await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(eq(signInChallenges.id, id));
}

/** The challenge is met: it works no more, and the account's older ones go. */
export async function closeChallenges(db: Db, userId: string): Promise<void> {
  await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
}

export async function rememberDevice(
  db: Db,
  row: { userId: string; deviceHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(rememberedDevices)
    .values(row)
    .onConflictDoUpdate({
      target: [rememberedDevices.userId, rememberedDevices.deviceHash],
      set: { expiresAt: row.expiresAt },
    });
}

export async function isDeviceRemembered(
  db: Db,
  userId: string,
  deviceHash: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: rememberedDevices.userId })
    .from(rememberedDevices)
    .where(
      and(
        eq(rememberedDevices.userId, userId),
        eq(rememberedDevices.deviceHash, deviceHash),
        gt(rememberedDevices.expiresAt, now),
      ),
    );
  return row !== undefined;
}

export async function forgetRememberedDevices(db: Db, userId: string): Promise<void> {
  await db.delete(rememberedDevices).where(eq(rememberedDevices.userId, userId));
}

/** Whether the account owns an ad that was paid for (the 'paid-ads' rule of a site). */
export async function ownsPaidAd(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.ownerId, userId), eq(ads.paid, true)))
    .limit(1);
  return row !== undefined;
}
