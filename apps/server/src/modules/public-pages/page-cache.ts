import { createHash } from 'node:crypto';

/** A page as rendered, before it is cached. */
export interface RenderedPage {
  status: number;
  html: string;
  /** The earliest moment the page stops being true (an ad on it expires); null when none. */
  validUntil: Date | null;
}

export interface CachedPage {
  status: number;
  body: Buffer;
  /** Strong validator: a hash of the exact bytes. */
  etag: string;
  /** Epoch ms after which the page is rendered again. */
  expiresAt: number;
}

export interface PageCache {
  /** The page if it is cached and fresh: the hot path, one Map lookup, no promise. */
  peek(key: string): CachedPage | undefined;
  /** Renders the page (once, however many requests wait for it) and keeps it. */
  fill(key: string, render: () => Promise<RenderedPage>): Promise<CachedPage>;
}

export interface PageCacheOptions {
  /**
   * How long a page is served without asking the database. Short (5 s) on purpose:
   * an approval, rejection, takedown or ban then shows within seconds on every
   * server without any invalidation message between them.
   */
  ttlMs?: number;
  /** Pages kept at most; the oldest are dropped first. */
  maxEntries?: number;
  now?: () => number;
}

export const PAGE_TTL_MS = 5_000;

export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const ttlMs = options.ttlMs ?? PAGE_TTL_MS;
  const maxEntries = options.maxEntries ?? 5_000;
  const now = options.now ?? Date.now;
  const pages = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage>>();

  function store(key: string, page: RenderedPage): CachedPage {
    const body = Buffer.from(page.html, 'utf8');
    const t = now();
    const until = page.validUntil ? page.validUntil.getTime() : Infinity;
    const entry: CachedPage = {
      status: page.status,
      body,
      etag: etagOf(body),
      expiresAt: Math.min(t + ttlMs, until),
    };
    pages.delete(key);
    if (pages.size >= maxEntries) {
      const oldest = pages.keys().next().value;
      if (oldest !== undefined) pages.delete(oldest);
    }
    if (entry.expiresAt > t) pages.set(key, entry);
    return entry;
  }

  return {
    peek(key) {
      const entry = pages.get(key);
      return entry && entry.expiresAt > now() ? entry : undefined;
    },
    fill(key, render) {
      const waiting = rendering.get(key);
      if (waiting) return waiting;
      const promise = render()
        .then((page) => store(key, page))
        .finally(() => rendering.delete(key));
      rendering.set(key, promise);
      return promise;
    },
  };
}
