import { adMessages } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { ForbiddenError, NotFoundError } from '../../http/errors.js';
import { canManageAd } from './ad-access.js';
import type { AdContext } from './ad-deps.js';
import { findAd, type AdRow } from './ad-repository.js';

/** The ad, if the caller may manage it: 404 when it does not exist (or is deleted), else 403. */
export async function loadManagedAd(
  db: Db,
  ctx: AdContext,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AdRow> {
  const ad = await findAd(db, id, options);
  if (!ad || ad.status === 'deleted') throw new NotFoundError(adMessages.wizard.notFound);
  if (!canManageAd(ad, { userId: ctx.user?.id ?? null, editTokenHash: ctx.editTokenHash })) {
    throw new ForbiddenError(adMessages.access.forbidden);
  }
  return ad;
}
