import {
  adMessages,
  createAdEndpoint,
  deleteAdEndpoint,
  getAd,
  listMyAds,
  recordEvent,
  submitAdEndpoint,
  updateAdEndpoint,
  type Ad,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { NotFoundError } from '../../domain/errors.js';
import { preparedRoute, route, type RouteChain } from '../../http/route.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-header.js';
import { idempotentRequest } from '../idempotency/idempotency.js';
import { listPhotos, presentPhotos, type PhotoLinks } from '../photos/photo-queries.js';
import { adContext } from './ad-context.js';
import type { AdDeps } from './ad-deps.js';
import { presentLifecycle, presentListRow, presentAd, presentTools } from './ad-presenter.js';
import { loadAdFacts } from '../ad-lifecycle/apply-ad-event.js';
import { latestRevision, revisionFields } from '../ad-lifecycle/revision-queries.js';
import { findAdWithPlace, listOwnedAds } from './ad-repository.js';
import { createAd } from './create-ad.js';
import { recordAnalyticsEvent } from './record-event.js';
import { deleteAd } from './delete-ad.js';
import { loadManagedAd } from './load-managed-ad.js';
import { checkAdSubmission, submitAd } from './submit-ad.js';
import { updateAd } from './update-ad.js';

/** My Posts and the ad calls of SPEC.md section 7, each a declared endpoint's handler. */
export function adRoutes(
  app: FastifyInstance,
  deps: AdDeps & { routeChain: RouteChain; photoLinks: PhotoLinks },
): void {
  /**
   * The ad as its owner sees it: with an edit of the live ad waiting, the edit
   * (what they saved) over the public version, and what the lifecycle allows.
   */
  async function presentManaged(db: Db, id: string): Promise<Ad> {
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
      presentPhotos(await listPhotos(db, found.ad.id), deps.photoLinks),
      lifecycle,
      presentTools(found.ad, loaded.facts),
    );
  }

  route(app, deps.routeChain, listMyAds, async ({ db, user, request }) => {
    const now = new Date();
    return (await listOwnedAds(db, user.id, request.site.id)).map((row) =>
      presentListRow(row, now),
    );
  });

  route(app, deps.routeChain, createAdEndpoint, async ({ tx, body, request }) => {
    const ctx = await adContext(request);
    // The same key answers the same ad: a double click or a retry creates one.
    const idempotency = idempotentRequest('create-ad', idempotencyKeyOf(request), {
      site: ctx.site.id,
      user: ctx.user?.id ?? null,
      body,
    });
    const created = await createAd(tx, deps, ctx, body, idempotency);
    return { success: true, ...created };
  });

  route(app, deps.routeChain, getAd, async ({ db, params, request }) => {
    const ctx = await adContext(request);
    await loadManagedAd(db, ctx, params.id);
    return presentManaged(db, params.id);
  });

  route(app, deps.routeChain, updateAdEndpoint, async ({ tx, body, request }) => {
    const ctx = await adContext(request);
    const outcome = await updateAd(tx, deps, ctx, body);
    return {
      success: true,
      post: await presentManaged(tx.db, body.post_id),
      awaitingReview: outcome === 'awaiting_review',
    };
  });

  // The backlink is fetched from the advertiser's site before the transaction opens.
  preparedRoute(
    app,
    deps.routeChain,
    submitAdEndpoint,
  )({
    prepare: async ({ db, params, request }) => {
      const ctx = await adContext(request);
      await checkAdSubmission(db, deps, ctx, params.id);
      return ctx;
    },
    write: async ({ tx, params }, ctx) => {
      await submitAd(tx, deps, ctx, params.id);
      return { success: true, post: await presentManaged(tx.db, params.id) };
    },
  });

  route(app, deps.routeChain, deleteAdEndpoint, async ({ tx, body, request }) => {
    const ctx = await adContext(request);
    await deleteAd(tx, deps, ctx, body.postId);
    return { success: true };
  });

  route(app, deps.routeChain, recordEvent, async ({ db, body, user, request }) => {
    await recordAnalyticsEvent(db, {
      name: body.event,
      adId: body.postId ? Number(body.postId) : null,
      userId: user?.id ?? null,
      siteId: request.site.id,
      data: body.data ?? {},
    });
    return { success: true };
  });
}
