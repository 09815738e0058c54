import { servedSite } from './served-site.js';
import { DEFAULT_SITE_ID, siteRegistry, type SiteConfig } from './site-registry.js';

export function siteById(id: string, registry: readonly SiteConfig[] = siteRegistry): SiteConfig {
  const site = registry.find((s) => s.id === id) ?? registry.find((s) => s.id === DEFAULT_SITE_ID);
  if (!site) throw new Error('the site registry has no default site');
  return servedSite(site);
}
