import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

/** Probes a process manager sends every few seconds. */
const PROBES = new Set(['/livez', '/readyz']);

/**
 * A file the browser fetches beside a page (the build's assets, the brand's logo and
 * styles, photos, robots.txt): a name with an extension.
 */
function isStaticFile(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(last);
}

/** debug for what is only noise at a terminal (files served as they are, probes); info otherwise. */
function levelOf(request: FastifyRequest, statusCode: number): 'debug' | 'info' {
  const pathname = request.url.split('?')[0] ?? '/';
  if (statusCode >= 400) return 'info';
  return PROBES.has(pathname) || isStaticFile(pathname) ? 'debug' : 'info';
}

/**
 * One log line per request, once it is answered: `GET /api/posts 200 in 3.1 ms` (in
 * place of Fastify's two, 'incoming request' and 'request completed'). The request is
 * written by the logger's `req` serializer (log-redaction.ts), so no secret reaches it.
 */
export function requestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const level = levelOf(request, reply.statusCode);
    request.log[level](
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request',
    );
  });
}

/**
 * Fastify's own log lines but its two per request ('incoming request', 'request
 * completed'), which `requestLog` replaces; a response that failed to be sent is still
 * logged as an error.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error({ err: error, responseTime: reply.elapsedTime }, 'request errored');
    }
  }
}
