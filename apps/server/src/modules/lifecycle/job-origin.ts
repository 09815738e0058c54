import type { SiteConfig } from '../sites/site-registry.js';

/**
 * The app origin for links a background job mails, where no request names a host:
 * the site's configured URL. The local development site's URL names port 3000,
 * which is wrong when the server listens elsewhere, so there the port is the
 * server's own (0, a random port, is no address: the configured URL stays).
 */
export function jobAppOrigin(site: SiteConfig, port: number | undefined): string {
  if (site.environment !== 'development' || !port) return new URL(site.url).origin;
  const url = new URL(site.url);
  url.port = String(port);
  return url.origin;
}

/** Where the owner renews an ad: the wizard, opened as a renewal. */
export function renewalLink(origin: string, adId: number): string {
  return `${origin}/edit-post?${new URLSearchParams({ id: String(adId), renew: '1' })}`;
}
