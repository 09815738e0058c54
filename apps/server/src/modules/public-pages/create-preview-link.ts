import { adMessages, type PreviewLink } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { NotFoundError } from '../../domain/errors.js';
import { actsAsStaff } from '../moderation/policy.js';
import type { AdContext } from '../ads/ad-deps.js';
import { findAd, type AdRow } from '../ads/ad-queries.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { publicAdUrl } from '../sites/public-urls.js';
import { siteById } from '../sites/site-by-id.js';
import { issuePreviewToken } from './preview-tokens.js';

/** Moderators (with a second factor: the console's door) preview any ad that is not deleted; everyone else only the ads they manage. */
async function loadPreviewableAd(db: Db, ctx: AdContext, id: string): Promise<AdRow> {
  if (ctx.user && actsAsStaff(ctx.user)) {
    const ad = await findAd(db, id);
    if (!ad || ad.status === 'deleted') throw new NotFoundError(adMessages.wizard.notFound);
    return ad;
  }
  return loadManagedAd(db, ctx, id);
}

/**
 * The ad's page on its own city subdomain with a short-lived preview token: that
 * page is another origin than the app, so the session cannot go with it.
 */
export async function createPreviewLink(
  tx: Tx,
  ctx: AdContext,
  id: string,
  requestHost: string | undefined,
): Promise<PreviewLink> {
  const ad = await loadPreviewableAd(tx.db, ctx, id);
  const token = await issuePreviewToken(tx.db, ad.id);
  const page = publicAdUrl(siteById(ad.siteId), ad.citySlug, ad.id, requestHost);
  return { url: `${page}?preview=true&token=${encodeURIComponent(token)}` };
}
