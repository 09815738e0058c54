import {
  adminDashboardEndpoint,
  adReviewEndpoint,
  approveAdEndpoint,
  rejectAdEndpoint,
  reviewQueueEndpoint,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { route, type RouteChain } from '../../http/route.js';
import type { AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';
import type { PhotoLinks } from '../photos/photo-queries.js';
import { adminRoutes } from './admin-routes.js';
import { approveAd } from './approve-ad.js';
import { readDashboard } from './dashboard.js';
import { loadAdReview } from './load-ad-review.js';
import { rejectAd } from './reject-ad.js';
import { listReviewQueue } from './review-queue.js';

export interface ModerationDeps extends AdEventDeps {
  routeChain: RouteChain;
  /** Signs the photo links of the review screen. */
  photoLinks: PhotoLinks;
}

/**
 * The moderator API under /api/admin (issue 6): the review queue and the
 * decisions on ads here, reports, refunds, users and the audit log in
 * admin-routes.ts. Every call needs a moderator's or admin's session (the
 * declaration's access).
 */
export function moderationRoutes(app: FastifyInstance, deps: ModerationDeps): void {
  route(app, deps.routeChain, adminDashboardEndpoint, async ({ db }) => readDashboard(db));

  route(app, deps.routeChain, reviewQueueEndpoint, async ({ db, query }) =>
    listReviewQueue(db, query),
  );

  route(app, deps.routeChain, adReviewEndpoint, async ({ db, params }) =>
    loadAdReview(db, deps.photoLinks, params.id),
  );

  route(app, deps.routeChain, approveAdEndpoint, async ({ tx, params, user, request }) =>
    approveAd(tx, deps, { actor: user, requestHost: request.headers.host }, params.id),
  );

  route(app, deps.routeChain, rejectAdEndpoint, async ({ tx, params, body, user, request }) =>
    rejectAd(tx, deps, { actor: user, requestHost: request.headers.host }, params.id, body),
  );

  adminRoutes(app, deps);
}
