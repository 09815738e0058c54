import {
  adMessages,
  analyticsEventBodySchema,
  createAdBodySchema,
  deleteAdBodySchema,
  adIdSchema,
  updateAdBodySchema,
  type CreateAdResult,
  type Ad,
  type AdListRow,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { analyticsEvents } from '../../db/schema.js';
import { NotFoundError } from '../../domain/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { requireUser } from '../../http/request-context.js';
import { parseInput } from '../../http/validate.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-header.js';
import { idempotentRequest } from '../idempotency/idempotency.js';
import { listPhotos, presentPhotos } from '../photos/photo-repository.js';
import { adContext } from './ad-context.js';
import type { AdDeps } from './ad-deps.js';
import { presentLifecycle, presentListRow, presentAd } from './ad-presenter.js';
import { loadAdFacts } from '../ad-lifecycle/apply-ad-event.js';
import { latestRevision, revisionFields } from '../ad-lifecycle/revisions.js';
import { findAdWithPlace, listOwnedAds } from './ad-repository.js';
import { createAd } from './create-ad.js';
import { deleteAd } from './delete-ad.js';
import { loadManagedAd } from './load-managed-ad.js';
import { submitAd } from './submit-ad.js';
import { updateAd } from './update-ad.js';

const idParams = z.object({ id: adIdSchema });

/** My Posts and the ad calls of SPEC.md section 7: limit, validate, authorise, act, present. */
export function adRoutes(app: FastifyInstance, deps: AdDeps & { limiter: RateLimiter }): void {
  const db = deps.database.db;

  /**
   * The ad as its owner sees it: with an edit of the live ad waiting, the edit
   * (what they saved) over the public version, and what the lifecycle allows.
   */
  async function presentManaged(id: string): Promise<Ad> {
    const found = await findAdWithPlace(db, id);
    const loaded = found ? await loadAdFacts(db, found.ad.id) : null;
    if (!found || !loaded) throw new NotFoundError(adMessages.wizard.notFound);
    const revision = await latestRevision(db, found.ad.id);
    const edited =
      revision?.state === 'pending' ? { ...found.ad, ...revisionFields(revision) } : found.ad;
    const lifecycle = presentLifecycle(
      found.ad,
      loaded.facts,
      revision?.state === 'rejected' ? revision.rejectionReason : null,
    );
    return presentAd(
      { ...found, ad: edited },
      presentPhotos(await listPhotos(db, found.ad.id)),
      lifecycle,
    );
  }

  app.get('/api/posts', async (request): Promise<AdListRow[]> => {
    const user = await requireUser(request);
    const now = new Date();
    return (await listOwnedAds(db, user.id, request.site.id)).map((row) =>
      presentListRow(row, now),
    );
  });

  app.post('/api/posts', async (request): Promise<CreateAdResult> => {
    await deps.limiter.consume('createAd', request.ip, null);
    const body = parseInput(createAdBodySchema, request.body);
    const ctx = await adContext(request);
    await deps.limiter.consume('createAd', request.ip, ctx.user?.id ?? body.email ?? null);
    // The same key answers the same ad: a double click or a retry creates one.
    const idempotency = idempotentRequest('create-ad', idempotencyKeyOf(request), {
      site: ctx.site.id,
      user: ctx.user?.id ?? null,
      body,
    });
    const created = await createAd(deps, ctx, body, idempotency);
    return { success: true, ...created };
  });

  app.get('/api/post/:id', async (request): Promise<Ad> => {
    await deps.limiter.consume('adEdit', request.ip, null);
    const { id } = parseInput(idParams, request.params);
    const ctx = await adContext(request);
    await loadManagedAd(db, ctx, id);
    return presentManaged(id);
  });

  app.patch('/api/post', async (request) => {
    await deps.limiter.consume('adEdit', request.ip, null);
    const body = parseInput(updateAdBodySchema, request.body);
    const ctx = await adContext(request);
    const outcome = await updateAd(deps, ctx, body);
    return {
      success: true,
      post: await presentManaged(body.post_id),
      awaitingReview: outcome === 'awaiting_review',
    };
  });

  app.post('/api/post/:id/submit', async (request) => {
    await deps.limiter.consume('adEdit', request.ip, null);
    const { id } = parseInput(idParams, request.params);
    const ctx = await adContext(request);
    await submitAd(deps, ctx, id);
    return { success: true, post: await presentManaged(id) };
  });

  app.post('/api/post/delete', async (request) => {
    await deps.limiter.consume('adEdit', request.ip, null);
    const { postId: adId } = parseInput(deleteAdBodySchema, request.body);
    const ctx = await adContext(request);
    await deleteAd(deps, ctx, adId);
    return { success: true };
  });

  app.post('/api/event', async (request) => {
    await deps.limiter.consume('event', request.ip, null);
    const body = parseInput(analyticsEventBodySchema, request.body);
    const ctx = await adContext(request);
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
