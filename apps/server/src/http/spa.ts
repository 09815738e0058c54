import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/dev/', '/payment/', '/photo/', '/validate/'];

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
 * Serves the built browser app: hashed assets cached for a year, every app
 * route answered with index.html, unknown API paths and missing files with a
 * JSON 404.
 */
export async function singlePageApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasApp = existsSync(path.join(webDist, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => pathname.startsWith(p)) || pathname === '/api';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isFilePath(pathname);
    if (isApi || !isPage || !hasApp) {
      return reply.code(404).send({ success: false, error: messages.http.notFound });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
