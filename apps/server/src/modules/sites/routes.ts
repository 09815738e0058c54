import type { FastifyInstance } from 'fastify';
import type { RouteChain } from '../../http/route.js';
import { publicPartOf } from './resolve-site.js';

export function siteRoutes(app: FastifyInstance, _deps: { routeChain: RouteChain }): void {
  app.get('/api/site', async (request) => publicPartOf(request.site));
}
