import {
  analyticsEventBodySchema,
  createPostBodySchema,
  deletePostBodySchema,
  postIdSchema,
  updatePostBodySchema,
  type CreatePostResult,
  type Post,
  type PostListRow,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { analyticsEvents } from '../../db/schema.js';
import { NotFoundError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { requireUser } from '../../http/request-context.js';
import { parseInput } from '../../http/validate.js';
import { listPhotos, presentPhotos } from '../photos/photo-repository.js';
import { adContext } from './ad-context.js';
import type { AdDeps } from './ad-deps.js';
import { presentListRow, presentPost } from './ad-presenter.js';
import { findAdWithPlace, listOwnedAds } from './ad-repository.js';
import { createPost } from './create-post.js';
import { deletePost } from './delete-post.js';
import { loadManagedAd } from './load-managed-ad.js';
import { submitPost } from './submit-post.js';
import { updatePost } from './update-post.js';

const idParams = z.object({ id: postIdSchema });

/** My Posts and the ad calls of SPEC.md section 7: limit, validate, authorise, act, present. */
export function postRoutes(app: FastifyInstance, deps: AdDeps & { limiter: RateLimiter }): void {
  const db = deps.database.db;

  async function presentManaged(id: string): Promise<Post> {
    const found = await findAdWithPlace(db, id);
    if (!found) throw new NotFoundError('ad vanished');
    return presentPost(found, presentPhotos(await listPhotos(db, found.ad.id)));
  }

  app.get('/api/posts', async (request): Promise<PostListRow[]> => {
    const user = await requireUser(db, request);
    const now = new Date();
    return (await listOwnedAds(db, user.id)).map((row) => presentListRow(row, now));
  });

  app.post('/api/posts', async (request): Promise<CreatePostResult> => {
    await deps.limiter.consume('createPost', request.ip, null);
    const body = parseInput(createPostBodySchema, request.body);
    const ctx = await adContext(db, request);
    await deps.limiter.consume('createPost', request.ip, ctx.user?.id ?? body.email ?? null);
    const created = await createPost(deps, ctx, body);
    return { success: true, ...created };
  });

  app.get('/api/post/:id', async (request): Promise<Post> => {
    await deps.limiter.consume('adEdit', request.ip, null);
    const { id } = parseInput(idParams, request.params);
    const ctx = await adContext(db, request);
    await loadManagedAd(db, ctx, id);
    return presentManaged(id);
  });

  app.patch('/api/post', async (request) => {
    await deps.limiter.consume('adEdit', request.ip, null);
    const body = parseInput(updatePostBodySchema, request.body);
    const ctx = await adContext(db, request);
    await updatePost(deps, ctx, body);
    return { success: true, post: await presentManaged(body.post_id) };
  });

  app.post('/api/post/:id/submit', async (request) => {
    await deps.limiter.consume('adEdit', request.ip, null);
    const { id } = parseInput(idParams, request.params);
    const ctx = await adContext(db, request);
    await submitPost(deps, ctx, id);
    return { success: true, post: await presentManaged(id) };
  });

  app.post('/api/post/delete', async (request) => {
    await deps.limiter.consume('adEdit', request.ip, null);
    const { postId } = parseInput(deletePostBodySchema, request.body);
    const ctx = await adContext(db, request);
    await deletePost(deps, ctx, postId);
    return { success: true };
  });

  app.post('/api/event', async (request) => {
    await deps.limiter.consume('event', request.ip, null);
    const body = parseInput(analyticsEventBodySchema, request.body);
    const ctx = await adContext(db, request);
    await db.insert(analyticsEvents).values({
      name: body.event,
      adId: body.postId ? Number(body.postId) : null,
      userId: ctx.user?.id ?? null,
      siteId: ctx.site.id,
      data: body.data ?? {},
    });
    return { success: true };
  });
}
