import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { faviconSvg, logoSvg } from './brand-svg.js';
import type { SiteConfig } from './site-registry.js';
import { themeCss } from './theme.js';

/**
 * Short: a brand's look may change with a deployment; after that, a reload costs a 304.
 * The answer depends on the host, which is part of every cache's key (the URL).
 */
export const BRAND_CACHE_CONTROL = 'public, max-age=300';

interface BrandFile {
  body: string;
  etag: string;
}

const brandFiles = {
  '/brand.css': { type: 'text/css; charset=utf-8', make: themeCss },
  '/brand/logo.svg': { type: 'image/svg+xml', make: logoSvg },
  '/favicon.svg': { type: 'image/svg+xml', make: faviconSvg },
} satisfies Record<string, { type: string; make: (site: SiteConfig) => string }>;

type BrandPath = keyof typeof brandFiles;

/** If-None-Match matches when any listed tag (weak or not) is this one, or it is '*'. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The brand's stylesheet of tokens, logo and favicon, for the site of the host asked
 * (an unknown host gets the network brand's), made once per site from its configuration.
 */
export function brandRoutes(app: FastifyInstance): void {
  const made = new Map<string, BrandFile>();
  function fileFor(site: SiteConfig, path: BrandPath): BrandFile {
    const key = `${site.id}|${path}`;
    let file = made.get(key);
    if (!file) {
      const body = brandFiles[path].make(site);
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
      file = { body, etag: `"${hash}"` };
      made.set(key, file);
    }
    return file;
  }

  for (const path of Object.keys(brandFiles) as BrandPath[]) {
    app.get(path, async (request: FastifyRequest, reply: FastifyReply) => {
      const file = fileFor(request.site, path);
      reply
        .header('Content-Type', brandFiles[path].type)
        .header('Cache-Control', BRAND_CACHE_CONTROL)
        .header('ETag', file.etag);
      if (matches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
      return reply.send(file.body);
    });
  }
}
