import {
  endAvailableEndpoint,
  getVisitsEndpoint,
  pauseAdEndpoint,
  putVisitsEndpoint,
  renewAdEndpoint,
  resumeAdEndpoint,
  startAvailableEndpoint,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { route, type RouteChain } from '../../http/route.js';
import type { AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';
import { adContext } from '../ads/ad-context.js';
import { endAvailable, pauseAd, resumeAd, startAvailable } from './ad-tools.js';
import { planVisits, readVisits } from './plan-visits.js';
import { renewAd } from './renew-ad.js';

export interface LifecycleDeps extends AdEventDeps {
  routeChain: RouteChain;
}

/**
 * Renewal of an ad (`POST /api/post/{id}/renew`) and the owner's tools of issue 29
 * (pause, resume, 'Available now'): owner session or edit token, like the other ad calls.
 */
export function lifecycleRoutes(app: FastifyInstance, deps: LifecycleDeps): void {
  route(app, deps.routeChain, renewAdEndpoint, async ({ tx, params, request }) => {
    const ctx = await adContext(request);
    const status = await renewAd(tx, deps, ctx, params.id);
    return { success: true, status };
  });
  route(app, deps.routeChain, pauseAdEndpoint, async ({ tx, params, request }) =>
    pauseAd(tx, deps, await adContext(request), params.id),
  );
  route(app, deps.routeChain, resumeAdEndpoint, async ({ tx, params, request }) =>
    resumeAd(tx, deps, await adContext(request), params.id),
  );
  route(app, deps.routeChain, startAvailableEndpoint, async ({ tx, params, body, request }) =>
    startAvailable(tx, deps, await adContext(request), params.id, body.duration_hours),
  );
  route(app, deps.routeChain, endAvailableEndpoint, async ({ tx, params, request }) =>
    endAvailable(tx, deps, await adContext(request), params.id),
  );
  route(app, deps.routeChain, putVisitsEndpoint, async ({ tx, params, body, request }) => ({
    success: true as const,
    visits: await planVisits(tx, deps, await adContext(request), params.id, body),
  }));
  route(app, deps.routeChain, getVisitsEndpoint, async ({ db, params, request }) => ({
    success: true as const,
    visits: await readVisits(db, await adContext(request), params.id),
  }));
}
