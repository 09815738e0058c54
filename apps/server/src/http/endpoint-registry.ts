import type { EndpointSpec } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far (see recordRoutes). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** The URLs of the JSON API (pages, photos and health checks are not part of it). */
export const apiUrlPattern = /^\/(api|payment|photo|validate|dev)\//;

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The declaration it was registered from (`route()`), or null for a page or a file. */
  endpoint: EndpointSpec | null;
}

/**
 * Every route as it is registered, in order. Installed before the routes: the
 * OpenAPI document is made of the declared ones, and a test checks that every
 * API route has a declaration.
 */
export function recordRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (options) => {
    const config = options.config as { endpoint?: EndpointSpec } | undefined;
    for (const method of [options.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: options.url, endpoint: config?.endpoint ?? null });
    }
  });
  return routes;
}
