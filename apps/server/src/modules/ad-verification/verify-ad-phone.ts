import { adLimits, adMessages } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { RefusalAfterCommit, RefusedError } from '../../domain/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { AdContext, AdDeps } from '../ads/ad-deps.js';
import { siteById } from '../sites/site-by-id.js';
import { checkPhoneCode, sendPhoneCode } from './phone-codes.js';
import { loadAdForVerification } from './verification-access.js';
import { posterLanguage } from '../accounts/account-queries.js';

type Deps = Pick<AdDeps, 'queue'> & { limiter: RateLimiter };
interface Request {
  id: string;
  token?: string | undefined;
}

/**
 * Texts a code to the ad's phone (none when it is verified already): once while a
 * code is live, or a new one for 'Resend code' (`resend`), within the resend rule
 * of phone-codes.ts. Requests are limited per client address and per ad: never per
 * number, which a stranger's ad could spend for the owner.
 */
export async function requestPhoneCode(
  tx: Tx,
  deps: Deps,
  ctx: AdContext,
  ip: string,
  body: Request & { resend?: boolean | undefined },
) {
  const ad = await loadAdForVerification(tx.db, ctx, body.id, body.token);
  const phone = ad.phoneE164;
  if (!phone) throw new RefusedError(adMessages.verification.noPhone);
  if (ad.phoneVerifiedAt) return { success: true, smsSent: false, verified_phone: true } as const;
  await deps.limiter.consume('sendPhoneCode', ip, `ad:${String(ad.id)}`);
  // The text names the ad's own brand (the same as the request's: see loadAdForVerification).
  const site = siteById(ad.siteId);
  const sending = await sendPhoneCode(
    tx,
    deps.queue,
    site,
    await posterLanguage(tx.db, site, ad),
    { ...ad, phoneE164: phone },
    { resend: body.resend === true },
  );
  return {
    success: true,
    smsSent: true,
    verified_phone: false,
    resendInSeconds: sending.resendInSeconds,
    codeValidMinutes: adLimits.smsCodeTtlMinutes,
  } as const;
}

/**
 * Checks the texted code; the phone is verified from then on. Limited per ad too
 * (each code also allows its own few tries). A wrong guess is counted although the
 * call fails (the refusal commits).
 */
export async function confirmPhoneCode(
  tx: Tx,
  deps: Deps,
  ctx: AdContext,
  ip: string,
  body: Request & { code: string },
) {
  const ad = await loadAdForVerification(tx.db, ctx, body.id, body.token);
  await deps.limiter.consume('checkPhoneCode', ip, `ad:${String(ad.id)}`);
  const outcome = ad.phoneVerifiedAt ? 'verified' : await checkPhoneCode(tx, ad, body.code);
  if (outcome === 'wrong') {
    throw new RefusalAfterCommit(new RefusedError(adMessages.verification.smsCodeFailed));
  }
  if (outcome === 'expired') {
    throw new RefusalAfterCommit(new RefusedError(adMessages.verification.smsCodeExpired));
  }
  return { success: true, verified_phone: true } as const;
}
