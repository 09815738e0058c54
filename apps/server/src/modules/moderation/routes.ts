import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { JobQueue } from '../../jobs/job-queue.js';

export interface ModerationDeps {
  database: Database;
  queue: JobQueue;
  limiter: RateLimiter;
}

/** The moderator API under /api/admin (issue 6). */
export function moderationRoutes(_app: FastifyInstance, _deps: ModerationDeps): void {}
