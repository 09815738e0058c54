import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActorUser } from '../domain/actor.js';
import { hostName, hostPort, type ResolvedSite } from '../modules/sites/resolve-site.js';
import type { SiteConfig } from '../modules/sites/site-registry.js';
import { UnauthorizedError } from '../domain/errors.js';
import { answers } from '@adboard/shared';

declare module 'fastify' {
  interface FastifyRequest {
    site: SiteConfig;
    /** City slug when the request came to `{city}.{publicDomain}`. */
    siteCity: string | null;
    /** Origin of the app for links in mails: the host asked, when the registry knows it. */
    appOrigin: string;
  }
}

const PORT = /^\d{1,5}$/;

export function appOriginFor(site: SiteConfig, hostHeader: string | undefined): string {
  const host = hostName(hostHeader);
  if (!site.hosts.includes(host)) return site.url;
  const port = hostPort(hostHeader);
  return `${site.protocol}://${host}${PORT.test(port) ? `:${port}` : ''}`;
}

export function requestContext(
  app: FastifyInstance,
  resolveSite: (host: string | undefined) => ResolvedSite,
): void {
  app.decorateRequest('site', null as unknown as SiteConfig);
  app.decorateRequest('siteCity', null);
  app.decorateRequest('appOrigin', '');
  app.addHook('onRequest', async (request) => {
    const { site, city } = resolveSite(request.headers.host);
    request.site = site;
    request.siteCity = city;
    request.appOrigin = appOriginFor(site, request.headers.host);
  });
}

/** The signed-in user of a request (its actor's), or 401. */
export function requireUser(request: FastifyRequest): ActorUser {
  const user = request.actor.user;
  if (!user) throw new UnauthorizedError(answers.auth.signInRequired);
  return user;
}
