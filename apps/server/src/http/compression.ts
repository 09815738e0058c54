import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  RouteOptions,
} from 'fastify';

/** Smaller answers are sent as they are: compressing them saves nothing worth the work. */
const THRESHOLD_BYTES = 1024;

/**
 * What is worth compressing: HTML, JSON, JavaScript, CSS, SVG, other text. Photos
 * (JPEG, WebP) and anything else already compressed are sent as they are.
 */
export const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.+-]+\+)?(?:json|xml)|application\/(?:x-)?javascript|image\/svg\+xml)\s*(?:;|$)/i;

/** Adds `accept-encoding` to Vary unless it is there (any case). */
function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('Vary');
  const values = (Array.isArray(current) ? current : current === undefined ? [] : [String(current)])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return;
  reply.header('Vary', [...values, 'accept-encoding'].join(', '));
}

/**
 * Runs after compression (its own onSend, added after @fastify/compress's): every
 * answer of a compressible type, compressed or not, and a 304 for one, says it
 * varies with Accept-Encoding, so a shared cache keeps the variants apart. A
 * compressed answer's strong ETag becomes weak (as nginx does): the bytes differ
 * from the uncompressed answer's, but a revalidation (If-None-Match, which the
 * public pages compare weakly) still answers 304 for either variant.
 */
const afterCompression: onSendHookHandler = async (_request, reply, payload) => {
  const type = reply.getHeader('Content-Type');
  if (typeof type === 'string' && COMPRESSIBLE_TYPES.test(type)) varyOnEncoding(reply);
  const encoding = reply.getHeader('Content-Encoding');
  const etag = reply.getHeader('ETag');
  if (encoding && encoding !== 'identity' && typeof etag === 'string' && etag.startsWith('"')) {
    reply.header('ETag', `W/${etag}`);
  }
  return payload;
};

function appendOnSend(route: RouteOptions): void {
  const existing = route.onSend;
  route.onSend = existing
    ? [...(Array.isArray(existing) ? existing : [existing]), afterCompression]
    : [afterCompression];
}

/**
 * Answers compressed with brotli or gzip, as the request's Accept-Encoding asks,
 * for the text types above and at least 1 KB. Built assets are not compressed
 * here: their .br and .gz copies are sent as they are (http/spa.ts). Must be
 * registered before any route, since both hooks attach to each route as it is
 * declared.
 */
export async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    threshold: THRESHOLD_BYTES,
  });
  app.addHook('onRoute', appendOnSend);
  app.addHook('onSend', compressNotFoundHandlerAnswer);
}

/** br or gzip, by the request's Accept-Encoding (q-values; br first on a tie); null: neither. */
export function negotiateEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** Compressed bodies of the pages the not-found handler sends (the app's index.html per site). */
const notFoundPageCache = new Map<string, Buffer>();

function compressBody(body: Buffer, encoding: 'br' | 'gzip', etag: string | null): Buffer {
  const key = etag ? `${encoding} ${etag}` : null;
  const cached = key ? notFoundPageCache.get(key) : undefined;
  if (cached) return cached;
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzipSync(body, { level: 9 });
  if (key) {
    if (notFoundPageCache.size >= 64) notFoundPageCache.clear();
    notFoundPageCache.set(key, compressed);
  }
  return compressed;
}

/**
 * The not-found handler (http/spa.ts: the app's page for every client route) is no
 * route, so @fastify/compress never sees its answers: they are compressed here, the
 * same way, each page once per ETag and encoding.
 */
async function compressNotFoundHandlerAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (!request.is404) return payload;
  const type = reply.getHeader('Content-Type');
  if (typeof type !== 'string' || !COMPRESSIBLE_TYPES.test(type)) return payload;
  varyOnEncoding(reply);
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('Content-Encoding') || reply.statusCode === 206) return payload;
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  if (body.length < THRESHOLD_BYTES) return payload;
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const etag = reply.getHeader('ETag');
  const compressed = compressBody(body, encoding, typeof etag === 'string' ? etag : null);
  reply.header('Content-Encoding', encoding).header('Content-Length', compressed.length);
  if (typeof etag === 'string' && etag.startsWith('"')) reply.header('ETag', `W/${etag}`);
  return compressed;
}
