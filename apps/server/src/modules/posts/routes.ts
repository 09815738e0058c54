import type { PostListRow } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { requireUser } from '../../http/request-context.js';

/** My Posts. Ads themselves arrive with the ads capability; until then the list is empty. */
export function postRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/posts', async (request): Promise<PostListRow[]> => {
    await requireUser(deps.db, request);
    return [];
  });
}
