import {
  adIdParamsSchema,
  approveBodySchema,
  queueQuerySchema,
  rejectBodySchema,
  type AdReview,
  type Dashboard,
  type DecisionResult,
  type QueuePage,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { adminRoutes } from './admin-routes.js';
import { approveAd } from './approve-ad.js';
import { readDashboard } from './dashboard.js';
import { loadAdReview } from './load-ad-review.js';
import { requireModerator } from './policy.js';
import { rejectAd } from './reject-ad.js';
import { listReviewQueue } from './review-queue.js';

export interface ModerationDeps {
  database: Database;
  queue: JobQueue;
  limiter: RateLimiter;
}

/**
 * The moderator API under /api/admin (issue 6): the review queue and the
 * decisions on ads here, reports, refunds, users and the audit log in
 * admin-routes.ts. Every call needs a moderator's or admin's session.
 */
export function moderationRoutes(app: FastifyInstance, deps: ModerationDeps): void {
  app.get('/api/admin/dashboard', async (request): Promise<Dashboard> => {
    await requireModerator(request);
    return readDashboard(deps.database.pool);
  });

  app.get('/api/admin/queue', async (request): Promise<QueuePage> => {
    await requireModerator(request);
    const query = parseInput(queueQuerySchema, request.query);
    return listReviewQueue(deps.database.pool, query);
  });

  app.get('/api/admin/posts/:id', async (request): Promise<AdReview> => {
    await requireModerator(request);
    const { id } = parseInput(adIdParamsSchema, request.params);
    return loadAdReview(deps.database, id);
  });

  app.post('/api/admin/posts/:id/approve', async (request): Promise<DecisionResult> => {
    const actor = await requireModerator(request);
    const { id } = parseInput(adIdParamsSchema, request.params);
    parseInput(approveBodySchema, request.body);
    return approveAd(deps, { actor, requestHost: request.headers.host }, id);
  });

  app.post('/api/admin/posts/:id/reject', async (request): Promise<DecisionResult> => {
    const actor = await requireModerator(request);
    const { id } = parseInput(adIdParamsSchema, request.params);
    const body = parseInput(rejectBodySchema, request.body);
    return rejectAd(deps, { actor, requestHost: request.headers.host }, id, body);
  });

  adminRoutes(app, deps);
}
