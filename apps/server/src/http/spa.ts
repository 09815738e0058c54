import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { answers } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { brandedIndexHtml } from '../modules/sites/brand-page.js';
import { readRouteAssets, routeAssetTags, routeAssetsFor } from './route-assets.js';
import { languageOfRequest, sayTo } from './request-language.js';

const API_PREFIXES = ['/api/', '/dev/', '/payment/', '/photo/', '/validate/'];
/**
 * Never an app page: the metrics are served on a port of their own (METRICS_PORT),
 * so a scraper pointed at the public port gets a 404, not the app's HTML.
 */
const NEVER_PAGES = new Set(['/metrics']);

/**
 * A file the build would have made (`/assets/…`, or a name with an extension):
 * when it is not there the answer is 404, never the app's page, which a browser
 * would try to run as a script or a cache would keep as the file.
 */
function isFilePath(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(last);
}

/**
 * Serves the built browser app: hashed assets cached for a year (their
 * precompressed copies when the browser takes them), every app route answered
 * with index.html (no-cache) naming the files of the address's screens
 * (route-assets.ts), unknown API paths and missing files with a JSON 404. The
 * build's manifest (`.vite/`) is not served: dot folders get no route.
 */
export async function singlePageApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexPath = path.join(webDist, 'index.html');
  const hasApp = existsSync(indexPath);
  const template = hasApp ? readFileSync(indexPath, 'utf8') : '';
  const routes = hasApp ? readRouteAssets(webDist) : [];
  // One page per site and address pattern: a handful of strings, made on first ask.
  const pages = new Map<string, { html: string; etag: string }>();
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz copy beside each asset
      // (apps/web/scripts/precompress.mjs): sent as they are, as Accept-Encoding
      // asks (no compressing per request); the copies get no routes of their own.
      preCompressed: true,
      // Cache-Control comes from setHeaders alone (send's own would replace it).
      cacheControl: false,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi =
      API_PREFIXES.some((p) => pathname.startsWith(p)) ||
      pathname === '/api' ||
      NEVER_PAGES.has(pathname);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isFilePath(pathname);
    if (isApi || !isPage || !hasApp) {
      return reply.code(404).send({ success: false, error: sayTo(request, answers.http.notFound) });
    }
    const assets = routeAssetsFor(routes, pathname);
    // The app's texts in the language it will open in (its start follows the same rule).
    const language = languageOfRequest(request);
    const key = `${request.site.id} ${language} ${assets?.pattern ?? ''}`;
    let page = pages.get(key);
    if (!page) {
      const html = brandedIndexHtml(template, request.site).replace(
        '</head>',
        () => `${routeAssetTags(assets, language)}</head>`,
      );
      page = {
        html,
        etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
      };
      pages.set(key, page);
    }
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Language, Cookie')
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('ETag', page.etag);
    const asked = request.headers['if-none-match']
      ?.split(',')
      .map((t) => t.trim().replace(/^W\//, ''));
    if (asked?.includes(page.etag)) return reply.code(304).send();
    return reply.send(page.html);
  });
}
