import { createHash } from 'node:crypto';
import { createTtlMemo } from './ttl-memo.js';

/** A page as rendered, before it is cached. */
export interface RenderedPage {
  status: number;
  html: string;
  /** The earliest moment the page stops being true (an ad on it expires); null when none. */
  validUntil: Date | null;
  /** The ads a city page lists (each an appearance, counted per reader: modules/ad-stats). */
  adIds?: readonly number[];
}

export interface CachedPage {
  status: number;
  body: Buffer;
  /** Strong validator: a hash of the exact bytes. */
  etag: string;
  /** As the rendered page said: the ads it lists. */
  adIds?: readonly number[];
}

export interface PageCache {
  /** The page if it is cached and fresh: the hot path, one Map lookup, no promise. */
  peek(key: string): CachedPage | undefined;
  /** Renders the page (once, however many requests wait for it) and keeps it. */
  fill(key: string, render: () => Promise<RenderedPage>): Promise<CachedPage>;
  /** Drops the pages whose key passes `test`, renders under way included (a change made them old). */
  drop(test: (key: string) => boolean): void;
}

export interface PageCacheOptions {
  /**
   * How long a page is served without asking the database. A change of an ad
   * drops its pages at once (`drop`, told by every server through Redis); the
   * lifetime is short (5 s) all the same, for what no message says (a message
   * lost while Redis was down, an unban, anonymous ads claimed by a new account).
   */
  ttlMs?: number;
  /** Pages kept at most; the oldest are dropped first. */
  maxEntries?: number;
  now?: () => number;
  /**
   * Told of each page asked: `hit` when `peek` finds it, `miss` when it is
   * filled (the pages ask `peek`, then `fill` on a miss: one or the other).
   */
  countLookup?: (result: 'hit' | 'miss') => void;
}

export const PAGE_TTL_MS = 5_000;

export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** A rendered page as the cache keeps it (its body and ETag). */
export function cachedPageOf(page: RenderedPage): CachedPage {
  const body = Buffer.from(page.html, 'utf8');
  const cached: CachedPage = { status: page.status, body, etag: etagOf(body) };
  if (page.adIds) cached.adIds = page.adIds;
  return cached;
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const memo = createTtlMemo<CachedPage>({
    ttlMs: options.ttlMs ?? PAGE_TTL_MS,
    maxEntries: options.maxEntries ?? 5_000,
    ...(options.now ? { now: options.now } : {}),
  });
  const count = options.countLookup ?? (() => undefined);
  return {
    peek(key) {
      const page = memo.peek(key)?.value;
      if (page) count('hit');
      return page;
    },
    async fill(key, render) {
      count('miss');
      const kept = await memo.fill(key, async () => {
        const page = await render();
        return { value: cachedPageOf(page), validUntil: page.validUntil };
      });
      return kept.value;
    },
    drop: (test) => memo.drop(test),
  };
}
