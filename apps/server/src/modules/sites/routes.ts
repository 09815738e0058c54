import type { FastifyInstance } from 'fastify';
import { publicPartOf } from './resolve-site.js';

export function siteRoutes(app: FastifyInstance): void {
  app.get('/api/site', async (request) => publicPartOf(request.site));
}
