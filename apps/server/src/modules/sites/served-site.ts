import type { SiteConfig } from './site-registry.js';

/**
 * A development site as served on `port`: its url (and every absolute link made
 * from it: the public pages' bar and footer, the backlink target, the links of
 * mails) names that port. A production site is served at its configured url and
 * comes back unchanged; so does any site when the port is unknown (null).
 */
export function siteServedOn(site: SiteConfig, port: number | null): SiteConfig {
  if (site.environment !== 'development' || port === null) return site;
  const url = new URL(site.url);
  url.port = String(port);
  return url.origin === site.url ? site : { ...site, url: url.origin };
}

/** The port this process listens on; null until it listens (and in tests that inject requests). */
let listeningPort: number | null = null;

/**
 * Called once the HTTP server listens (server.ts), with the port actually bound:
 * from then on `servedSite` gives the development sites on it. One process listens
 * on one port, so this is the process's own fact, set in this one place.
 */
export function announceListeningPort(port: number | null): void {
  listeningPort = port;
}

/** The site as this process serves it: siteById and the host resolver give every site through it. */
export function servedSite(site: SiteConfig): SiteConfig {
  return siteServedOn(site, listeningPort);
}
