import { adLimits, adMessages, sayIn, waitSaid, type Language } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { RateLimitedError } from '../../domain/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { hashCode, newCode, sameHash } from '../accounts/secrets.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { AdRow } from '../ads/ad-repository.js';
import type { SiteConfig } from '../sites/site-registry.js';
import {
  countPhoneCodeAttempt,
  existsLivePhoneCode,
  insertPhoneCode,
  listRecentPhoneCodes,
  lockNewestOpenPhoneCode,
  markAdPhoneVerified,
  markPhoneCodeConsumed,
  supersedeOpenPhoneCodes,
} from './verification-repository.js';
import { waitBeforeNextCode, type CodeWait } from './sms-resend-rule.js';

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

/** What asking for a code came to: whether a text went out, and when the next may. */
export interface PhoneCodeSending {
  sent: boolean;
  /** Seconds until 'Resend code' may text another (0: now). */
  resendInSeconds: number;
}

/** 429 with the catalogue's words for the wait the resend rule asks for. */
function tooSoon(wait: CodeWait): RateLimitedError {
  const words = waitSaid(wait.seconds);
  const text =
    wait.reason === 'gap'
      ? adMessages.verification.resendTooSoon({ wait: words })
      : adMessages.verification.resendHourly({ count: wait.textsInHour, wait: words });
  return new RateLimitedError(text, wait.seconds);
}

/**
 * Texts a 6-digit code to the ad's phone, bound to the ad and the number. While a
 * code is live, asking again texts nothing unless `resend` asks for a new one; a
 * new code replaces the ad's earlier ones (only the newest works). Every text obeys
 * the resend rule (sms-resend-rule.ts): a gap after a live code and a count per
 * hour, both per ad, so a stranger's ad with the same number never spends them.
 * The caller holds the ad's row lock, so two requests cannot both pass the rule.
 * The text is written in `language`, the reader's.
 */
export async function sendPhoneCode(
  tx: Tx,
  queue: JobQueue,
  site: SiteConfig,
  language: Language,
  ad: AdRow & { phoneE164: string },
  options: { resend: boolean },
): Promise<PhoneCodeSending> {
  const recent = await listRecentPhoneCodes(tx.db, ad.id, ad.phoneE164);
  if (!options.resend && (await hasLivePhoneCode(tx.db, ad))) {
    return { sent: false, resendInSeconds: waitBeforeNextCode(recent)?.seconds ?? 0 };
  }
  const wait = waitBeforeNextCode(recent);
  if (wait) throw tooSoon(wait);
  await supersedeOpenPhoneCodes(tx.db, ad.id);
  const code = newCode();
  const expiresAt = new Date(Date.now() + adLimits.smsCodeTtlMinutes * 60_000);
  await insertPhoneCode(tx.db, {
    adId: ad.id,
    phoneE164: ad.phoneE164,
    codeHash: hashCode(`ad:${ad.id}:${ad.phoneE164}`, code),
    expiresAt,
  });
  const text = sayIn(language, adMessages.verification.smsBody({ code, siteName: site.name }));
  await enqueueMessage(tx, queue, {
    channel: 'sms',
    kind: 'sms_code',
    siteId: site.id,
    to: ad.phoneE164,
    subject: 'SMS',
    text,
    html: null,
    waitedFor: true,
    expiresAt,
  });
  const next = waitBeforeNextCode([{ ageSeconds: 0, live: true }, ...recent]);
  return { sent: true, resendInSeconds: next?.seconds ?? 0 };
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
