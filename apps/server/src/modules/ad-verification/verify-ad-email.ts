import { adMessages, type VerifyResult } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { RefusedError } from '../../domain/errors.js';
import { normalizeEmail } from '../accounts/users.js';
import { findAd } from '../ads/ad-queries.js';
import { hasLivePhoneCode } from './phone-codes.js';
import { isActivationToken } from './verification-access.js';
import { markAdEmailVerified } from './verification-repository.js';

/**
 * The activation link: proves the ad's mailbox, and says whether the phone step
 * follows. Only on the ad's own site (`siteId` of the request): elsewhere the
 * link is refused like a wrong one.
 */
export async function verifyAdEmail(
  tx: Tx,
  body: { email: string; token: string; id: string },
  siteId: string,
): Promise<VerifyResult> {
  const ad = await findAd(tx.db, body.id, { forUpdate: true });
  const valid =
    ad &&
    ad.status !== 'deleted' &&
    ad.siteId === siteId &&
    ad.emailNormalized === normalizeEmail(body.email) &&
    isActivationToken(ad, body.token);
  if (!ad || !valid) throw new RefusedError(adMessages.verification.emailFailed);
  if (!ad.emailVerifiedAt) await markAdEmailVerified(tx.db, ad.id);
  return {
    success: true,
    verified_email: true,
    verified_phone: ad.phoneVerifiedAt !== null,
    phoneKnown: Boolean(ad.phoneE164),
    smsSent: await hasLivePhoneCode(tx.db, ad),
  };
}
