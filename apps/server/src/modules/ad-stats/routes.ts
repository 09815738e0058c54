import { adStatsEndpoint, tapKinds, type TapKind } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { route, type RouteChain } from '../../http/route.js';
import { adContext } from '../ads/ad-context.js';
import { readAdStats } from './read-ad-stats.js';
import type { StatsCounter } from './stats-counter.js';
import { visitorOf } from './visitor-of.js';

export interface AdStatsDeps {
  routeChain: RouteChain;
  stats: StatsCounter;
}

const AD_ID = /^[1-9]\d{0,14}$/;

/**
 * The owner's statistics call, and the target of the public ad page's contact links'
 * `ping` (a POST the browser sends by itself when a link is followed: no script, no
 * cookie). A ping answers 204 whatever it was; only a person on a city host counts.
 */
export function adStatsRoutes(app: FastifyInstance, deps: AdStatsDeps): void {
  route(app, deps.routeChain, adStatsEndpoint, async ({ db, params, query, request }) => {
    // This server's counts so far first, so the owner sees them at once.
    await deps.stats.flush();
    return readAdStats(db, adContext(request), params.id, query.days);
  });

  void app.register(async (scope) => {
    // A ping's body is the word PING (text/ping); nothing of it is read.
    scope.addContentTypeParser('text/ping', { parseAs: 'string', bodyLimit: 64 }, (_r, _b, done) =>
      done(null, null),
    );
    scope.post('/ads/details/:postId/tap/:kind', { bodyLimit: 64 }, async (request, reply) => {
      const { postId, kind } = request.params as { postId: string; kind: string };
      if (request.siteCity && AD_ID.test(postId) && isTapKind(kind)) {
        deps.stats.count(kind, [Number(postId)], visitorOf(request));
      }
      return reply.code(204).header('Cache-Control', 'no-store').send();
    });
  });
}

function isTapKind(kind: string): kind is TapKind {
  return (tapKinds as readonly string[]).includes(kind);
}
