import { openApiDocument, type EndpointSpec } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../public-pages/html.js';
import type { RegisteredRoute } from '../../http/endpoint-registry.js';

/** Where the reference lives: documentation of the API, not part of it. */
export const apiDocsPaths = ['/api/openapi.json', '/api/docs'] as const;

function declared(routes: readonly RegisteredRoute[]): EndpointSpec[] {
  return routes.flatMap((r) => (r.endpoint ? [r.endpoint] : []));
}

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every registered endpoint,
 * generated from the declarations; GET /api/docs: a page to read it by.
 */
export function apiDocsRoutes(app: FastifyInstance, routes: readonly RegisteredRoute[]): void {
  let document: Record<string, unknown> | null = null;
  const current = () =>
    (document ??= openApiDocument(declared(routes), { title: 'Adboard API', version: '1' }));

  app.get(apiDocsPaths[0], async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return current();
  });

  app.get(apiDocsPaths[1], async (_request, reply) => {
    const byTag = new Map<string, EndpointSpec[]>();
    for (const spec of declared(routes)) {
      byTag.set(spec.tag, [...(byTag.get(spec.tag) ?? []), spec]);
    }
    const sections = [...byTag]
      .map(
        ([tag, specs]) =>
          `<section><h2>${escapeHtml(tag)}</h2><dl>${specs
            .map(
              (s) =>
                `<dt><code>${escapeHtml(s.method)} ${escapeHtml(s.path)}</code></dt>` +
                `<dd>${escapeHtml(s.summary)} <small>(${escapeHtml(s.access)})</small></dd>`,
            )
            .join('')}</dl></section>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title>` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>` +
          `<main><h1>API reference</h1><p>Every endpoint, from its declaration in ` +
          `<code>packages/shared/src/contract</code>. The whole document: ` +
          `<a href="${apiDocsPaths[0]}">${apiDocsPaths[0]}</a>.</p>${sections}</main></body></html>`,
      );
  });
}
