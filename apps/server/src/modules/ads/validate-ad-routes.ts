import { validateAdEndpoint } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../http/rate-limit.js';
import { route, type RouteChain } from '../../http/route.js';
import type { AdDeps } from './ad-deps.js';
import { checkAdFields } from './check-ad-fields.js';

/** POST /validate/ad: the form's server checks on blur (check-ad-fields.ts). */
export function validateAdRoutes(
  app: FastifyInstance,
  deps: AdDeps & { limiter: RateLimiter; routeChain: RouteChain },
): void {
  route(app, deps.routeChain, validateAdEndpoint, async ({ body, request }) =>
    checkAdFields(deps, { ip: request.ip, actor: request.actor }, request.site.url, body),
  );
}
