import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { RateLimiter } from '../../http/rate-limit.js';

export interface PublicPageDeps {
  database: Database;
  limiter: RateLimiter;
}

/** The server-rendered public pages on `{city}.{publicDomain}` and the preview link. */
export function publicPageRoutes(_app: FastifyInstance, _deps: PublicPageDeps): void {}
