import type { PublicSite } from '@adboard/shared';
import { servedSite } from './served-site.js';
import { DEFAULT_SITE_ID, siteRegistry, type SiteConfig } from './site-registry.js';

export interface ResolvedSite {
  site: SiteConfig;
  /** The city slug when the host is `{city}.{publicDomain}`. */
  city: string | null;
}

const CITY_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Lower-cases the Host header and drops its port and the trailing dot of a fully
 * qualified name (IPv6 brackets kept intact).
 */
export function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return (colon === -1 ? host : host.slice(0, colon)).replace(/\.$/, '');
}

/** The port of a Host header, or '' when it names none. */
export function hostPort(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim();
  const colon = host.lastIndexOf(':');
  return colon > host.lastIndexOf(']') ? host.slice(colon + 1) : '';
}

export function createSiteResolver(registry: readonly SiteConfig[] = siteRegistry) {
  const byHost = new Map<string, SiteConfig>();
  for (const site of registry) for (const host of site.hosts) byHost.set(host, site);
  const fallback = registry.find((s) => s.id === DEFAULT_SITE_ID);
  if (!fallback) throw new Error('the site registry has no default site');

  return function resolveSite(hostHeader: string | undefined): ResolvedSite {
    const host = hostName(hostHeader);
    const direct = byHost.get(host);
    if (direct) return { site: servedSite(direct), city: null };
    for (const site of registry) {
      const suffix = `.${site.publicDomain}`;
      if (!host.endsWith(suffix)) continue;
      const label = host.slice(0, -suffix.length);
      if (CITY_LABEL.test(label)) return { site: servedSite(site), city: label };
    }
    return { site: servedSite(fallback), city: null };
  };
}

export function publicPartOf(site: SiteConfig): PublicSite {
  // The advertisers' second-factor rule is the server's (issue 27), not the page's.
  const {
    hosts: _hosts,
    theme: _theme,
    secondFactorForAdvertisers: _secondFactorRule,
    ...rest
  } = site;
  return rest;
}
