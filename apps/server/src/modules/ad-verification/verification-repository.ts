import { adLimits } from '@adboard/shared';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, phoneCodes } from '../../db/schema.js';

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;

/** A code that can still be used: unused (nor replaced), in time, tries left. */
const isLive = sql<boolean>`(${and(
  isNull(phoneCodes.consumedAt),
  gt(phoneCodes.expiresAt, sql`now()`),
  lt(phoneCodes.attempts, adLimits.smsCodeMaxAttempts),
)})`;

/** A live code for the ad's current number. */
const liveCode = (adId: number, phoneE164: string) =>
  and(eq(phoneCodes.adId, adId), eq(phoneCodes.phoneE164, phoneE164), isLive);

/** Whether a live code was texted to this number for this ad. */
export async function existsLivePhoneCode(
  db: Db,
  adId: number,
  phoneE164: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(liveCode(adId, phoneE164));
  return Boolean(row);
}

/**
 * The codes texted for this ad to this number within the last hour, newest first:
 * their age in seconds (on the database's clock) and whether each is still live.
 */
export async function listRecentPhoneCodes(
  db: Db,
  adId: number,
  phoneE164: string,
): Promise<{ ageSeconds: number; live: boolean }[]> {
  const rows = await db
    .select({
      ageSeconds: sql<string>`extract(epoch FROM now() - ${phoneCodes.createdAt})`,
      live: isLive,
    })
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.adId, adId),
        eq(phoneCodes.phoneE164, phoneE164),
        gt(phoneCodes.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .orderBy(desc(phoneCodes.createdAt));
  return rows.map((row) => ({ ageSeconds: Number(row.ageSeconds), live: row.live }));
}

/** A new code replaces the ad's open ones: only the newest code ever works. */
export async function supersedeOpenPhoneCodes(db: Db, adId: number): Promise<void> {
  await db
    .update(phoneCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(phoneCodes.adId, adId), isNull(phoneCodes.consumedAt)));
}

export async function insertPhoneCode(
  db: Db,
  row: { adId: number; phoneE164: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(phoneCodes).values(row);
}

/** The ad's newest unused code, locked (its tries are counted). */
export async function lockNewestOpenPhoneCode(
  db: Db,
  adId: number,
): Promise<PhoneCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.adId, adId), isNull(phoneCodes.consumedAt)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function countPhoneCodeAttempt(db: Db, codeId: string): Promise<void> {
  await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(eq(phoneCodes.id, codeId));
}

export async function markPhoneCodeConsumed(db: Db, codeId: string): Promise<void> {
  await db
    .update(phoneCodes)
    .set({ consumedAt: sql`now()` })
    .where(eq(phoneCodes.id, codeId));
}

export async function markAdPhoneVerified(db: Db, adId: number): Promise<void> {
  await db
    .update(ads)
    .set({ phoneVerifiedAt: sql`now()` })
    .where(eq(ads.id, adId));
}

export async function markAdEmailVerified(db: Db, adId: number): Promise<void> {
  await db
    .update(ads)
    .set({ emailVerifiedAt: sql`now()` })
    .where(eq(ads.id, adId));
}
