import { adMessages, type VerifyResult } from '@adboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { ads } from '../../db/schema.js';
import { RefusedError } from '../../domain/errors.js';
import { normalizeEmail } from '../accounts/users.js';
import { findAd } from '../ads/ad-queries.js';
import { hasLivePhoneCode } from './phone-codes.js';
import { isActivationToken } from './verification-access.js';

/**
 * The activation link: proves the ad's mailbox, and says whether the phone step
 * follows. Only on the ad's own site (`siteId` of the request): elsewhere the
 * link is refused like a wrong one.
 */
export async function verifyAdEmail(
  database: Database,
  body: { email: string; token: string; id: string },
  siteId: string,
): Promise<VerifyResult> {
  return database.transaction(async (tx) => {
    const ad = await findAd(tx.db, body.id, { forUpdate: true });
    const valid =
      ad &&
      ad.status !== 'deleted' &&
      ad.siteId === siteId &&
      ad.emailNormalized === normalizeEmail(body.email) &&
      isActivationToken(ad, body.token);
    if (!ad || !valid) throw new RefusedError(adMessages.verification.emailFailed);
    if (!ad.emailVerifiedAt) {
      await tx.db
        .update(ads)
        .set({ emailVerifiedAt: sql`now()` })
        .where(eq(ads.id, ad.id));
    }
    return {
      success: true,
      verified_email: true,
      verified_phone: ad.phoneVerifiedAt !== null,
      phoneKnown: Boolean(ad.phoneE164),
      smsSent: await hasLivePhoneCode(tx.db, ad),
    };
  });
}
