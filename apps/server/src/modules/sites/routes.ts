import { getSiteEndpoint } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { route, type RouteChain } from '../../http/route.js';
import { publicPartOf } from './resolve-site.js';

export function siteRoutes(app: FastifyInstance, deps: { routeChain: RouteChain }): void {
  route(app, deps.routeChain, getSiteEndpoint, async ({ request }) => publicPartOf(request.site));
}
