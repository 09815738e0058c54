import type { FastifyInstance } from 'fastify';

/**
 * No inline script anywhere; styles may be inline because the toast library
 * injects its own style element. Images come from the site, and from the CDN of
 * public photos when PHOTO_PUBLIC_URL names one (its origin only).
 */
export function contentSecurityPolicy(photoPublicUrl?: string): string {
  const photoOrigin = photoPublicUrl ? ` ${new URL(photoPublicUrl).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${photoOrigin}`,
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean; photoPublicUrl?: string | undefined },
): void {
  const policy = contentSecurityPolicy(options.photoPublicUrl);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Content-Security-Policy', policy);
    // The public pages keep the referrer on their own origin so their report form
    // posts with a real Origin (modules/public-pages/send-page.ts).
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    // A route may open its resource wider (photos are shown on the city subdomains).
    if (!reply.hasHeader('Cross-Origin-Resource-Policy')) {
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    }
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (options.hsts) reply.header('Strict-Transport-Security', 'max-age=31536000');
    return payload;
  });
}
