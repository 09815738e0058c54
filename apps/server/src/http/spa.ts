import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/dev/', '/payment/', '/photo/', '/validate/'];

/**
 * Serves the built browser app: hashed assets cached for a year, every app
 * route answered with index.html, unknown API paths with a JSON 404.
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
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => pathname.startsWith(p)) || pathname === '/api';
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !hasApp) {
      return reply.code(404).send({ success: false, error: messages.http.notFound });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
