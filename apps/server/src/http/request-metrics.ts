import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

/** The route label of a request no route matched (the not-found handler answered it). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts and times every answered request by the route pattern that took it
 * (`/api/post/:id`, never the address itself: no ids, tokens or emails in a
 * label, and a bounded number of series), its method and its status.
 */
export function requestMetrics(app: FastifyInstance, metrics: Pick<Metrics, 'observeRequest'>) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest({
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      method: request.method,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}
