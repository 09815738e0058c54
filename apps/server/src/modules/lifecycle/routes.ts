import { adIdSchema, type RenewAdResult } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { adContext } from '../ads/ad-context.js';
import { renewAd } from './renew-ad.js';

export interface LifecycleDeps {
  database: Database;
  queue: JobQueue;
  limiter: RateLimiter;
}

const idParams = z.object({ id: adIdSchema });

/** Renewal of an ad (`POST /api/post/{id}/renew`): owner session or edit token, like the other ad calls. */
export function lifecycleRoutes(app: FastifyInstance, deps: LifecycleDeps): void {
  app.post('/api/post/:id/renew', async (request): Promise<RenewAdResult> => {
    await deps.limiter.consume('adEdit', request.ip, null);
    const { id } = parseInput(idParams, request.params);
    const ctx = await adContext(request);
    const status = await renewAd(deps, ctx, id);
    return { success: true, status };
  });
}
