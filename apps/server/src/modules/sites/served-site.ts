import type { Config } from '../../config.js';
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

/** The port people reach this process's development sites at; null until it starts. */
let publicPort: number | null = null;

/**
 * Called once at start (server.ts), before any request or job runs, with the port
 * people reach the development sites at (publicPortOf): from then on `servedSite`
 * gives them on it. It is one fact of the whole process, set in this one place.
 */
export function announcePublicPort(port: number | null): void {
  publicPort = port;
}

/** The site as this process serves it: siteById and the host resolver give every site through it. */
export function servedSite(site: SiteConfig): SiteConfig {
  return siteServedOn(site, publicPort);
}

/**
 * The port the development sites' absolute links name (the public pages' bar and
 * footer, the backlink target, the links of mails): PUBLIC_PORT (a reverse proxy's),
 * else the port bound (PORT=0 picks one), else, in a process without HTTP (a
 * worker, the CLI), PORT. Null (the registry's own url) when none is known.
 */
export function publicPortOf(
  config: Pick<Config, 'publicPort' | 'port'>,
  bound: number | null,
): number | null {
  return config.publicPort ?? bound ?? (config.port === 0 ? null : config.port);
}
