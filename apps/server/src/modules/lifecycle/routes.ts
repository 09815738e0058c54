import { renewAdEndpoint } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { route, type RouteChain } from '../../http/route.js';
import type { AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';
import { adContext } from '../ads/ad-context.js';
import { renewAd } from './renew-ad.js';

export interface LifecycleDeps extends AdEventDeps {
  routeChain: RouteChain;
}

/** Renewal of an ad (`POST /api/post/{id}/renew`): owner session or edit token, like the other ad calls. */
export function lifecycleRoutes(app: FastifyInstance, deps: LifecycleDeps): void {
  route(app, deps.routeChain, renewAdEndpoint, async ({ tx, params, request }) => {
    const ctx = await adContext(request);
    const status = await renewAd(tx, deps, ctx, params.id);
    return { success: true, status };
  });
}
