import { servedSite } from './served-site.js';
import { DEFAULT_SITE_ID, siteRegistry, type SiteConfig } from './site-registry.js';

export function siteById(id: string, registry: readonly SiteConfig[] = siteRegistry): SiteConfig {
  const site = findSite(id, registry) ?? findSite(DEFAULT_SITE_ID, registry);
  if (!site) throw new Error('the site registry has no default site');
  return servedSite(site);
}

/** The registry's site of this id as it is listed, or undefined: no fallback, the caller named it. */
export function findSite(
  id: string,
  registry: readonly SiteConfig[] = siteRegistry,
): SiteConfig | undefined {
  return registry.find((s) => s.id === id);
}

/**
 * The site an account made outside any request belongs to when none is named: the
 * one site of this environment when there is one (in development, the local site),
 * else the default site, the one every host the registry does not name is served.
 */
export function defaultSiteFor(
  environment: SiteConfig['environment'],
  registry: readonly SiteConfig[] = siteRegistry,
): SiteConfig {
  const own = registry.filter((s) => s.environment === environment);
  const site = own.length === 1 ? own[0] : findSite(DEFAULT_SITE_ID, registry);
  if (!site) throw new Error('the site registry has no default site');
  return site;
}
