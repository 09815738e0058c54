import { isAllowedUrl, type ValidateAdResult } from '@adboard/shared';
import type { z } from 'zod';
import type { validateAdBodySchema } from '@adboard/shared';
import type { Actor } from '../../domain/actor.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { normalizeBacklink } from '../ad-checks/backlink-key.js';
import { checkPhone } from '../ad-checks/phone-check.js';
import type { AdDeps } from './ad-deps.js';
import { isBacklinkHeldElsewhere } from './ad-repository.js';

/** Who asks for the checks: the client's address and the resolved caller. */
export interface CheckingClient {
  ip: string;
  actor: Actor;
}

/**
 * The account a backlink fetch counts on: the signed-in user, else the ad the
 * edit token opens (proved, never a body field a stranger could name), else
 * none (the client's address alone).
 */
function backlinkAccount(actor: Actor): string | null {
  if (actor.user) return `user:${actor.user.id}`;
  if (actor.editGrant) return `ad:${actor.editGrant.adId}`;
  return null;
}

/**
 * The form's server checks on blur: a dialable phone for the ad's country, and
 * a backlink that is free and whose page links to this site. A field not sent
 * answers true. A backlink looked up counts on its own limit, per client and
 * per user or ad (`backlinkCheck`).
 */
export async function checkAdFields(
  deps: AdDeps & { limiter: RateLimiter },
  client: CheckingClient,
  siteUrl: string,
  body: z.output<typeof validateAdBodySchema>,
): Promise<ValidateAdResult> {
  const { fields, updated } = body;
  const country = fields.country ?? 'US';
  const phone = fields.phone === undefined ? true : checkPhone(fields.phone, country).valid;
  let backlink = true;
  // The url rule first: blocked sites and local names are never looked up or fetched.
  if (fields.backlink !== undefined && !isAllowedUrl(fields.backlink)) {
    backlink = false;
  } else if (fields.backlink !== undefined) {
    await deps.limiter.consume('backlinkCheck', client.ip, backlinkAccount(client.actor));
    const key = normalizeBacklink(fields.backlink);
    const ownId =
      typeof updated === 'string' || typeof updated === 'number' ? String(updated) : null;
    const taken = await isBacklinkHeldElsewhere(
      deps.database.db,
      key,
      ownId && /^\d+$/.test(ownId) ? Number(ownId) : null,
    );
    backlink = !taken && (await deps.backlinks.check(fields.backlink, siteUrl)).ok;
  }
  return { phone, backlink };
}
