import { hostPort } from './resolve-site.js';
import type { SiteConfig } from './site-registry.js';

const PORT = /^\d{1,5}$/;

/**
 * The origin of a city's public pages: `{city}.{publicDomain}`. A development site
 * keeps the port the request came to (locally every host is this one server).
 */
export function publicCityOrigin(
  site: SiteConfig,
  citySlug: string,
  requestHost: string | undefined,
): string {
  const port = hostPort(requestHost);
  const keepPort = site.environment === 'development' && PORT.test(port);
  return `${site.protocol}://${citySlug}.${site.publicDomain}${keepPort ? `:${port}` : ''}`;
}

export function publicAdUrl(
  site: SiteConfig,
  citySlug: string,
  adId: number | string,
  requestHost: string | undefined,
): string {
  return `${publicCityOrigin(site, citySlug, requestHost)}/ads/details/${adId}`;
}
