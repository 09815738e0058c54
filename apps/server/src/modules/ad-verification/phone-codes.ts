import { adLimits, adMessages } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { hashCode, newCode, sameHash } from '../accounts/secrets.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { AdRow } from '../ads/ad-repository.js';
import type { SiteConfig } from '../sites/site-registry.js';
import {
  countPhoneCodeAttempt,
  existsLivePhoneCode,
  insertPhoneCode,
  lockNewestOpenPhoneCode,
  markAdPhoneVerified,
  markPhoneCodeConsumed,
} from './verification-repository.js';

/**
 * Whether a live code was texted to the ad's current number. A code sent to a
 * number the ad no longer has does not count: the new number gets its own.
 */
export async function hasLivePhoneCode(
  db: Db,
  ad: { id: number; phoneE164: string | null },
): Promise<boolean> {
  if (!ad.phoneE164) return false;
  return existsLivePhoneCode(db, ad.id, ad.phoneE164);
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
  await insertPhoneCode(tx.db, {
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
  const current = await lockNewestOpenPhoneCode(tx.db, ad.id);
  if (!current || current.phoneE164 !== ad.phoneE164) return 'expired';
  if (current.expiresAt.getTime() <= Date.now()) return 'expired';
  if (current.attempts >= adLimits.smsCodeMaxAttempts) return 'expired';
  if (!sameHash(current.codeHash, hashCode(`ad:${ad.id}:${current.phoneE164}`, code))) {
    await countPhoneCodeAttempt(tx.db, current.id);
    return 'wrong';
  }
  await markPhoneCodeConsumed(tx.db, current.id);
  await markAdPhoneVerified(tx.db, ad.id);
  return 'verified';
}
