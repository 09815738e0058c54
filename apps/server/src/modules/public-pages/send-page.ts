import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedPage } from './page-cache.js';

/**
 * Short, because a takedown (rejection, ban, expiry) must reach readers quickly; a CDN
 * in front may keep the page this long too, never longer.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30';

/**
 * The pages link only to themselves and the photos; the report form must carry its
 * origin (a form post from a `no-referrer` page arrives with `Origin: null`, which
 * same-origin.ts refuses), and nothing goes to other sites.
 */
export const PAGE_REFERRER_POLICY = 'same-origin';

/** If-None-Match matches when any listed tag (weak or not) is this one, or it is '*'. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers a rendered page. Only the canonical 200 pages are shared caches' to keep
 * (with their ETag, so a reload is a 304); notices and errors are not.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  options: { shared: boolean; contentType?: string },
): FastifyReply {
  reply
    .code(page.status)
    .header('Content-Type', options.contentType ?? 'text/html; charset=utf-8')
    .header('Referrer-Policy', PAGE_REFERRER_POLICY);
  if (page.status !== 200 || !options.shared) {
    reply.header('Cache-Control', page.status === 404 ? 'no-cache' : 'no-store');
    return reply.send(page.body);
  }
  reply.header('Cache-Control', PUBLIC_CACHE_CONTROL).header('ETag', page.etag);
  if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  return reply.send(page.body);
}

/** A page nobody else may keep: the preview of an ad. */
export function sendPrivatePage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Referrer-Policy', PAGE_REFERRER_POLICY)
    .header('Cache-Control', 'private, no-store')
    .header('X-Robots-Tag', 'noindex')
    .send(html);
}
