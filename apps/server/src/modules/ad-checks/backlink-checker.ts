import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressPolicy } from './address-policy.js';
import { isSiteHost, linksToSite } from './link-finder.js';

export type BacklinkFailureReason =
  | 'invalid_url'
  | 'refused_address'
  | 'timeout'
  | 'too_large'
  | 'http_error'
  | 'not_html'
  | 'link_not_found'
  | 'network'
  | 'too_many_redirects';

export type BacklinkResult = { ok: true } | { ok: false; reason: BacklinkFailureReason };

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (tests pass their own). */
export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface BacklinkCheckerOptions {
  /** Which addresses may be connected to; production passes `publicAddressesOnly`. */
  policy: AddressPolicy;
  /** For the whole check: every lookup, connection, redirect and body. */
  timeoutMs?: number;
  /** Largest body read; a larger page fails with `too_large`. */
  maxBytes?: number;
  maxRedirects?: number;
  lookup?: HostLookup;
  /** Overrides the User-Agent header. */
  userAgent?: string;
}

export interface BacklinkChecker {
  /** Whether the page at `url` links to the site whose home is `siteUrl`. */
  check(url: string, siteUrl: string): Promise<BacklinkResult>;
}

export const backlinkCheckDefaults = {
  timeoutMs: 5_000,
  maxBytes: 1_048_576,
  maxRedirects: 3,
} as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** The operating system's resolver (the default lookup). */
export const systemLookup: HostLookup = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

type Hop =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; html: string }
  | { kind: 'failed'; reason: BacklinkFailureReason };

const failed = (reason: BacklinkFailureReason): { ok: false; reason: BacklinkFailureReason } => ({
  ok: false,
  reason,
});

/** An IP-literal host (IPv6 without its brackets), or null for a host name. */
function ipLiteral(hostname: string): ResolvedAddress | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  return family === 4 || family === 6 ? { address: bare, family } : null;
}

/** The URL, when it is one the checker may fetch: http(s), a host, no credentials. */
function fetchable(url: URL): boolean {
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

function charsetOf(contentType: string): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return match?.[1] ?? 'utf-8';
}

function decodeBody(chunks: Buffer[], charset: string): string {
  const bytes = Buffer.concat(chunks);
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * The server-side backlink check of SPEC.md section 5.
 *
 * Safety: only http and https URLs without credentials; any port, since the
 * address policy, not the port, is what keeps the checker off internal
 * services. Every address a host name resolves to must pass the policy, and
 * the connection is handed only those checked addresses through a custom
 * `lookup` (no second resolution that DNS rebinding could change); the
 * address the socket actually connected to is checked once more. IP-literal
 * hosts (after the URL parser has turned decimal, octal, hex and short IPv4
 * forms into dotted quads) go to the policy directly. Redirects are followed
 * by hand, each hop validated the same way, at most `maxRedirects`. One
 * deadline covers the whole check. Bodies are read up to `maxBytes`, must be
 * HTML, and are asked for uncompressed (`Accept-Encoding: identity`); a
 * server that compresses anyway fails with `not_html`. No connection reuse,
 * no cookies, no logging.
 *
 * The page passes when it has an `<a href>` to the site's host or one of its
 * subdomains (`www.` and case ignored). A page on the site's own domain is
 * not a backlink and fails with `link_not_found`.
 */
export function createBacklinkChecker(options: BacklinkCheckerOptions): BacklinkChecker {
  const { policy } = options;
  const timeoutMs = options.timeoutMs ?? backlinkCheckDefaults.timeoutMs;
  const maxBytes = options.maxBytes ?? backlinkCheckDefaults.maxBytes;
  const maxRedirects = options.maxRedirects ?? backlinkCheckDefaults.maxRedirects;
  const resolveHost = options.lookup ?? systemLookup;

  function fetchOnce(url: URL, signal: AbortSignal, userAgent: string): Promise<Hop> {
    const literal = ipLiteral(url.hostname);
    if (literal && !policy(literal.address, literal.family)) {
      return Promise.resolve({ kind: 'failed', reason: 'refused_address' });
    }
    let refused = false;

    const checkedLookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
      const family = lookupOptions.family;
      const wantedFamily =
        family === 'IPv4' || family === 4 ? 4 : family === 'IPv6' || family === 6 ? 6 : 0;
      Promise.resolve()
        .then(() => resolveHost(hostname))
        .then(
          (addresses) => {
            if (addresses.length === 0) {
              callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 4);
              return;
            }
            if (!addresses.every((a) => policy(a.address, a.family))) {
              refused = true;
              callback(Object.assign(new Error('address refused'), { code: 'EREFUSED' }), '', 4);
              return;
            }
            const wanted = addresses.filter((a) => !wantedFamily || a.family === wantedFamily);
            const first = wanted[0];
            if (!first) {
              callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 4);
            } else if (lookupOptions.all) {
              callback(
                null,
                wanted.map((a) => ({ address: a.address, family: a.family })),
              );
            } else {
              callback(null, first.address, first.family);
            }
          },
          (error: NodeJS.ErrnoException) => callback(error, '', 4),
        );
    };

    return new Promise<Hop>((resolve) => {
      const isHttps = url.protocol === 'https:';
      const request = (isHttps ? https : http).request({
        protocol: url.protocol,
        host: literal ? literal.address : url.hostname,
        port: url.port || (isHttps ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: {
          'user-agent': userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'identity',
        },
        agent: false,
        lookup: checkedLookup,
        signal,
      });

      let settled = false;
      const finish = (hop: Hop) => {
        if (settled) return;
        settled = true;
        request.destroy();
        resolve(hop);
      };
      const fail = () => {
        if (signal.aborted) finish({ kind: 'failed', reason: 'timeout' });
        else if (refused) finish({ kind: 'failed', reason: 'refused_address' });
        else finish({ kind: 'failed', reason: 'network' });
      };

      request.on('error', fail);
      request.on('socket', (socket) => {
        socket.once('connect', () => {
          const address = socket.remoteAddress;
          const family = socket.remoteFamily === 'IPv6' ? 6 : 4;
          if (!address || !policy(address, family)) {
            refused = true;
            fail();
          }
        });
      });

      request.on('response', (response) => {
        response.on('error', fail);
        // Closed before its end (after the end, `finish` has already settled).
        response.on('close', fail);
        const status = response.statusCode ?? 0;
        if (REDIRECT_STATUSES.has(status)) {
          const location = response.headers.location;
          finish(
            location ? { kind: 'redirect', location } : { kind: 'failed', reason: 'http_error' },
          );
          return;
        }
        if (status < 200 || status > 299) {
          finish({ kind: 'failed', reason: 'http_error' });
          return;
        }
        const contentType = response.headers['content-type'] ?? '';
        const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
        const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
        if (!HTML_TYPES.has(mediaType) || (encoding !== 'identity' && encoding !== '')) {
          finish({ kind: 'failed', reason: 'not_html' });
          return;
        }
        const declaredLength = Number(response.headers['content-length']);
        if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
          finish({ kind: 'failed', reason: 'too_large' });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) finish({ kind: 'failed', reason: 'too_large' });
          else chunks.push(chunk);
        });
        response.on('end', () => {
          finish({ kind: 'page', html: decodeBody(chunks, charsetOf(contentType)) });
        });
      });

      request.end();
    });
  }

  async function run(url: string, site: URL, signal: AbortSignal): Promise<BacklinkResult> {
    const userAgent =
      options.userAgent ?? `Mozilla/5.0 (compatible; AdboardBacklinkChecker/1.0; +${site.origin})`;
    if (!URL.canParse(url.trim())) return failed('invalid_url');
    let current = new URL(url.trim());
    for (let hop = 0; ; hop += 1) {
      if (!fetchable(current)) return failed('invalid_url');
      const result = await fetchOnce(current, signal, userAgent);
      if (result.kind === 'failed') return failed(result.reason);
      if (result.kind === 'page') {
        if (isSiteHost(current.hostname, site.hostname)) return failed('link_not_found');
        return linksToSite(result.html, current.href, site.hostname)
          ? { ok: true }
          : failed('link_not_found');
      }
      if (hop >= maxRedirects) return failed('too_many_redirects');
      if (!URL.canParse(result.location, current.href)) return failed('invalid_url');
      current = new URL(result.location, current);
    }
  }

  return {
    async check(url, siteUrl) {
      // The site's url is configuration: a bad one throws rather than failing the ad.
      const site = new URL(siteUrl);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        return await run(url, site, controller.signal);
      } catch {
        return failed(controller.signal.aborted ? 'timeout' : 'network');
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
