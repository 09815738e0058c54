import { adLimits, type AdActivation } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import type { AdContext } from '../ads/ad-deps.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { activationExpiresAt } from './verification-access.js';

/**
 * What the ad's mail holds and how long each part lasts, for the page after an
 * anonymous submission: the address it went to, the activation link (and, for an
 * ad posted without an account, the edit link and the account link), and the SMS
 * code the activation page texts. Every lifetime is the one the server enforces.
 */
export async function readAdActivation(db: Db, ctx: AdContext, id: string): Promise<AdActivation> {
  const ad = await loadManagedAd(db, ctx, id);
  const links: AdActivation['links'] = [
    {
      kind: 'activation',
      validDays: adLimits.editLinkDays,
      expiresAt: activationExpiresAt(ad).toISOString(),
    },
  ];
  // An ad posted without an account (create-ad.ts): its mail has the edit and account links.
  const anonymous = ad.ownerId === null;
  if (anonymous && ad.editTokenExpiresAt) {
    const expiresAt = ad.editTokenExpiresAt.toISOString();
    links.push(
      { kind: 'edit', validDays: adLimits.editLinkDays, expiresAt },
      { kind: 'account', validDays: adLimits.editLinkDays, expiresAt },
    );
  }
  return {
    email: ad.email,
    anonymous,
    links,
    sms: {
      phoneKnown: ad.phoneE164 !== null,
      codeValidMinutes: adLimits.smsCodeTtlMinutes,
      resendWaitSeconds: adLimits.smsResendWaitSeconds,
      codesPerHour: adLimits.smsCodesPerHour,
    },
    verified_email: ad.emailVerifiedAt !== null,
    verified_phone: ad.phoneVerifiedAt !== null,
  };
}
