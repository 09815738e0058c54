import type { AdToolResult } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { applyAdEvent, factsOf, type AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';
import type { AdEvent } from '../ad-lifecycle/transitions.js';
import type { AdContext } from '../ads/ad-deps.js';
import { presentTools } from '../ads/ad-presenter.js';
import { loadManagedAdFacts } from '../ads/load-managed-ad.js';

/**
 * One of the owner's tools (issue 29) on their ad: the lifecycle table's event, under
 * the ad's lock, refused with its catalogue message when the table has no row for it.
 * None is content: nothing waits for review.
 */
async function applyOwnerTool(
  tx: Tx,
  deps: AdEventDeps,
  ctx: AdContext,
  id: string,
  event: AdEvent,
): Promise<AdToolResult> {
  const { ad, facts } = await loadManagedAdFacts(tx.db, ctx, id, { forUpdate: true });
  const { after } = await applyAdEvent(tx, deps, ad.id, event);
  const afterFacts = factsOf(after, {
    ownerBanned: facts.ownerBanned,
    pendingRevision: facts.pendingRevision,
  });
  return { success: true, status: after.status, tools: presentTools(after, afterFacts) };
}

/** Takes the public ad off every public page at once; its time stops until it is resumed. */
export const pauseAd = (tx: Tx, deps: AdEventDeps, ctx: AdContext, id: string) =>
  applyOwnerTool(tx, deps, ctx, id, { type: 'pause' });

/** Puts the paused ad back at once, without a new review; its time runs again. */
export const resumeAd = (tx: Tx, deps: AdEventDeps, ctx: AdContext, id: string) =>
  applyOwnerTool(tx, deps, ctx, id, { type: 'resume' });

/** 'Available now' for `hours` hours: a badge, and first in its group on the city page. */
export const startAvailable = (
  tx: Tx,
  deps: AdEventDeps,
  ctx: AdContext,
  id: string,
  hours: number,
) => applyOwnerTool(tx, deps, ctx, id, { type: 'make_available', hours });

/** Ends 'Available now' early (the start still counts). */
export const endAvailable = (tx: Tx, deps: AdEventDeps, ctx: AdContext, id: string) =>
  applyOwnerTool(tx, deps, ctx, id, { type: 'end_available' });
