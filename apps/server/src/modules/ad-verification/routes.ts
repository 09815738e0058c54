import {
  adActivationEndpoint,
  checkPhoneCodeEndpoint,
  sendPhoneCodeEndpoint,
  verifyAdEmailEndpoint,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../http/rate-limit.js';
import { route, type RouteChain } from '../../http/route.js';
import type { AdDeps } from '../ads/ad-deps.js';
import { adContext } from '../ads/ad-context.js';
import { readAdActivation } from './read-ad-activation.js';
import { confirmPhoneCode, requestPhoneCode } from './verify-ad-phone.js';
import { verifyAdEmail } from './verify-ad-email.js';

/**
 * The activation page's calls: the ad's email, then a code texted to its phone;
 * and what the ad's mail holds, for the page after an anonymous submission.
 */
export function adVerificationRoutes(
  app: FastifyInstance,
  deps: AdDeps & { limiter: RateLimiter; routeChain: RouteChain },
): void {
  route(app, deps.routeChain, verifyAdEmailEndpoint, async ({ tx, body, request }) =>
    verifyAdEmail(tx, body, request.site.id),
  );

  route(app, deps.routeChain, sendPhoneCodeEndpoint, async ({ tx, body, request }) =>
    requestPhoneCode(tx, deps, adContext(request), request.ip, body),
  );

  route(app, deps.routeChain, checkPhoneCodeEndpoint, async ({ tx, body, request }) =>
    confirmPhoneCode(tx, deps, adContext(request), request.ip, body),
  );

  route(app, deps.routeChain, adActivationEndpoint, async ({ db, params, request }) =>
    readAdActivation(db, adContext(request), params.id),
  );
}
