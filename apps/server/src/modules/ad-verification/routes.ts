import {
  adMessages,
  checkPhoneCodeEndpoint,
  sendPhoneCodeEndpoint,
  verifyAdEmailEndpoint,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { RefusedError } from '../../domain/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { route, type RouteChain } from '../../http/route.js';
import type { AdDeps } from '../ads/ad-deps.js';
import { adContext } from '../ads/ad-context.js';
import { siteById } from '../sites/site-by-id.js';
import { checkPhoneCode, sendPhoneCode } from './phone-codes.js';
import { loadAdForVerification } from './verification-access.js';
import { verifyAdEmail } from './verify-ad-email.js';

/**
 * The activation page's calls: the ad's email, then a code texted to its phone.
 * Their per-account limits count on the ad or its number, known only here.
 */
export function adVerificationRoutes(
  app: FastifyInstance,
  deps: AdDeps & { limiter: RateLimiter; routeChain: RouteChain },
): void {
  route(app, deps.routeChain, verifyAdEmailEndpoint, async ({ body, request }) => {
    await deps.limiter.consume('verifyAdEmail', request.ip, `ad:${body.id}`);
    return verifyAdEmail(deps.database, body, request.site.id);
  });

  route(app, deps.routeChain, sendPhoneCodeEndpoint, async ({ body, request }) => {
    const ctx = await adContext(request);
    return deps.database.transaction(async (tx) => {
      const ad = await loadAdForVerification(tx.db, ctx, body.id, body.token);
      const phone = ad.phoneE164;
      if (!phone) throw new RefusedError(adMessages.verification.noPhone);
      if (ad.phoneVerifiedAt) return { success: true, smsSent: false, verified_phone: true };
      await deps.limiter.consume('sendPhoneCode', request.ip, phone);
      // The text names the ad's own brand (the same as the request's: see loadAdForVerification).
      await sendPhoneCode(tx, deps.queue, siteById(ad.siteId), { ...ad, phoneE164: phone });
      return { success: true, smsSent: true, verified_phone: false };
    });
  });

  route(app, deps.routeChain, checkPhoneCodeEndpoint, async ({ body, request }) => {
    const ctx = await adContext(request);
    const outcome = await deps.database.transaction(async (tx) => {
      const ad = await loadAdForVerification(tx.db, ctx, body.id, body.token);
      await deps.limiter.consume('checkPhoneCode', request.ip, ad.phoneE164 ?? `ad:${ad.id}`);
      if (ad.phoneVerifiedAt) return 'verified' as const;
      return checkPhoneCode(tx, ad, body.code);
    });
    if (outcome === 'wrong') throw new RefusedError(adMessages.verification.smsCodeFailed);
    if (outcome === 'expired') throw new RefusedError(adMessages.verification.smsCodeExpired);
    return { success: true, verified_phone: true };
  });
}
