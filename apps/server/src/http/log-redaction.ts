import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets (reset and edit tokens, codes). */
const SECRET_PARAMS = new Set(['edit', 'token', 'code', 'password', 'session']);

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** What a request log line says: never a header or query value that holds a secret. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.headers.host,
    remoteAddress: request.ip,
  };
}
