import { getSiteEndpoint, type PublicSite } from '@adboard/shared';
import { call } from './client';

/** The site's public configuration (GET /api/site), when the page did not carry it. */
export function getSite(): Promise<PublicSite> {
  return call(getSiteEndpoint, {});
}
