import type { SiteConfig } from '../sites/site-registry.js';

/**
 * The app origin for links a background job mails, where no request names a host:
 * the site's url (a development site's names the port people reach it at: PUBLIC_PORT,
 * else the port bound or, in a worker, PORT;
 * sites/served-site.ts).
 */
export function jobAppOrigin(site: SiteConfig): string {
  return new URL(site.url).origin;
}

/** Where the owner renews an ad: the wizard, opened as a renewal. */
export function renewalLink(origin: string, adId: number): string {
  return `${origin}/edit-post?${new URLSearchParams({ id: String(adId), renew: '1' })}`;
}
