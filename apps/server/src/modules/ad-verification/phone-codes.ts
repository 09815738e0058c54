import { adLimits, adMessages } from '@adboard/shared';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { ads, phoneCodes } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { hashCode, newCode, sameHash } from '../accounts/secrets.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { AdRow } from '../ads/ad-repository.js';
import type { SiteConfig } from '../sites/site-registry.js';

/** A code that can still be used: for the ad's current number, unused, in time, tries left. */
const liveCode = (adId: number, phoneE164: string) =>
  and(
    eq(phoneCodes.adId, adId),
    eq(phoneCodes.phoneE164, phoneE164),
    isNull(phoneCodes.consumedAt),
    gt(phoneCodes.expiresAt, sql`now()`),
    lt(phoneCodes.attempts, adLimits.smsCodeMaxAttempts),
  );

/**
 * Whether a live code was texted to the ad's current number. A code sent to a
 * number the ad no longer has does not count: the new number gets its own.
 */
export async function hasLivePhoneCode(
  db: Db,
  ad: { id: number; phoneE164: string | null },
): Promise<boolean> {
  if (!ad.phoneE164) return false;
  const [row] = await db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(liveCode(ad.id, ad.phoneE164));
  return Boolean(row);
}

/**
 * Texts a 6-digit code to the ad's phone, once: while a code is live, asking
 * again sends nothing. The code is bound to the ad and the number.
 */
export async function sendPhoneCode(
  tx: Tx,
  queue: JobQueue,
  site: SiteConfig,
  ad: AdRow & { phoneE164: string },
): Promise<void> {
  if (await hasLivePhoneCode(tx.db, ad)) return;
  const code = newCode();
  await tx.db.insert(phoneCodes).values({
    adId: ad.id,
    phoneE164: ad.phoneE164,
    codeHash: hashCode(`ad:${ad.id}:${ad.phoneE164}`, code),
    expiresAt: new Date(Date.now() + adLimits.smsCodeTtlMinutes * 60_000),
  });
  const text = adMessages.verification.smsBody(code, site.name);
  await enqueueMessage(tx, queue, {
    channel: 'sms',
    siteId: site.id,
    to: ad.phoneE164,
    subject: 'SMS',
    text,
    html: null,
  });
}

export type PhoneCodeOutcome = 'verified' | 'wrong' | 'expired';

/** Checks a code against the ad's newest one: 5 tries, 10 minutes, used once. */
export async function checkPhoneCode(tx: Tx, ad: AdRow, code: string): Promise<PhoneCodeOutcome> {
  const [current] = await tx.db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.adId, ad.id), isNull(phoneCodes.consumedAt)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1)
    .for('update');
  if (!current || current.phoneE164 !== ad.phoneE164) return 'expired';
  if (current.expiresAt.getTime() <= Date.now()) return 'expired';
  if (current.attempts >= adLimits.smsCodeMaxAttempts) return 'expired';
  if (!sameHash(current.codeHash, hashCode(`ad:${ad.id}:${current.phoneE164}`, code))) {
    await tx.db
      .update(phoneCodes)
      .set({ attempts: sql`${phoneCodes.attempts} + 1` })
      .where(eq(phoneCodes.id, current.id));
    return 'wrong';
  }
  await tx.db
    .update(phoneCodes)
    .set({ consumedAt: sql`now()` })
    .where(eq(phoneCodes.id, current.id));
  await tx.db
    .update(ads)
    .set({ phoneVerifiedAt: sql`now()` })
    .where(eq(ads.id, ad.id));
  return 'verified';
}
