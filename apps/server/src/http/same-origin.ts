import { answers, writesOf, type EndpointSpec } from '@adboard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sayTo } from './request-language.js';

/** A request that reads only: a GET or HEAD, unless its declaration says it writes. */
function onlyReads(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const endpoint = (request.routeOptions.config as { endpoint?: EndpointSpec }).endpoint;
  return endpoint ? !writesOf(endpoint) : true;
}

/**
 * No cross-origin use of the API: a request that carries another site's
 * Origin is refused, and no CORS header is ever sent. This also stops
 * cross-site form posts.
 */
export function sameOriginOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || origin === 'null') {
      if (origin === 'null' && !onlyReads(request)) {
        return reply
          .code(403)
          .send({ success: false, error: sayTo(request, answers.http.originRefused) });
      }
      return;
    }
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      originHost = '';
    }
    if (originHost !== (request.headers.host ?? '').toLowerCase()) {
      return reply
        .code(403)
        .send({ success: false, error: sayTo(request, answers.http.originRefused) });
    }
  });
}
