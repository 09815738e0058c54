import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { JobQueue } from '../../jobs/job-queue.js';

export interface LifecycleDeps {
  database: Database;
  queue: JobQueue;
  limiter: RateLimiter;
}

/** Renewal of an ad (`POST /api/post/{id}/renew`). */
export function lifecycleRoutes(_app: FastifyInstance, _deps: LifecycleDeps): void {}
