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

/** A Set-Cookie value with the Secure attribute (added once). */
export function secureCookie(setCookie: string): string {
  return /;\s*secure\s*(;|$)/i.test(setCookie) ? setCookie : `${setCookie}; Secure`;
}

/**
 * The headers of every answer. In production (`production`) browsers are asked for
 * HTTPS only (HSTS) and every cookie the server sets is Secure: the TLS ends at the
 * proxy, so the request itself looks like plain HTTP. Outside production a cookie is
 * Secure when the request came over HTTPS (through a believed proxy's X-Forwarded-Proto).
 */
export function securityHeaders(
  app: FastifyInstance,
  options: { production: boolean; photoPublicUrl?: string | undefined },
): void {
  const policy = contentSecurityPolicy(options.photoPublicUrl);
  app.addHook('onSend', async (request, reply, payload) => {
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
    if (options.production) reply.header('Strict-Transport-Security', 'max-age=31536000');
    const cookies = reply.getHeader('set-cookie');
    if (cookies !== undefined && (options.production || request.protocol === 'https')) {
      const secured = [cookies].flat().map((cookie) => secureCookie(String(cookie)));
      reply.removeHeader('set-cookie');
      reply.header('set-cookie', secured);
    }
    return payload;
  });
}
