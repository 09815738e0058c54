import { describe, expect, it } from 'vitest';
import { createPageCache, etagOf, type RenderedPage } from './page-cache.js';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const page = (html: string, validUntil: Date | null = null): RenderedPage => ({
  status: 200,
  html,
  validUntil,
});

describe('the page cache keeps rendered pages a few seconds, never past an ad’s expiry', () => {
  it('serves the same bytes until the TTL runs out, then renders again', async () => {
    const c = clock();
    const cache = createPageCache({ ttlMs: 5_000, now: c.now });
    let renders = 0;
    const render = async () => page(`<p>version ${++renders}</p>`);

    expect(cache.peek('k')).toBeUndefined();
    const first = await cache.fill('k', render);
    expect(first.body.toString()).toBe('<p>version 1</p>');
    c.advance(4_999);
    expect(cache.peek('k')?.body.toString()).toBe('<p>version 1</p>');
    c.advance(1);
    // An approval or a takedown is seen once the TTL has passed, without any invalidation.
    expect(cache.peek('k')).toBeUndefined();
    expect((await cache.fill('k', render)).body.toString()).toBe('<p>version 2</p>');
  });

  it('drops a page when the earliest ad on it expires, even inside the TTL', async () => {
    const c = clock();
    const cache = createPageCache({ ttlMs: 5_000, now: c.now });
    await cache.fill('k', async () => page('<p>ad</p>', new Date(c.now() + 1_500)));
    c.advance(1_499);
    expect(cache.peek('k')).toBeDefined();
    c.advance(1);
    expect(cache.peek('k')).toBeUndefined();
  });

  it('renders once for many requests that miss at the same time', async () => {
    const cache = createPageCache();
    let renders = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const render = async () => {
      renders += 1;
      await gate;
      return page('<p>slow</p>');
    };
    const waiting = Array.from({ length: 50 }, () => cache.fill('k', render));
    release();
    const pages = await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(new Set(pages.map((p) => p.etag)).size).toBe(1);
  });

  it('renders again after a failed render instead of remembering the failure', async () => {
    const cache = createPageCache();
    await expect(
      cache.fill('k', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect((await cache.fill('k', async () => page('<p>back</p>'))).status).toBe(200);
  });

  it('keeps at most maxEntries pages, dropping the oldest first', async () => {
    const cache = createPageCache({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.fill(key, async () => page(key));
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBeDefined();
    expect(cache.peek('c')).toBeDefined();
  });

  it('gives each page a strong ETag of its exact bytes', () => {
    const one = etagOf(Buffer.from('<p>a</p>'));
    expect(one).toMatch(/^"[\w-]+"$/);
    expect(etagOf(Buffer.from('<p>a</p>'))).toBe(one);
    expect(etagOf(Buffer.from('<p>b</p>'))).not.toBe(one);
  });
});

describe('a change drops the pages that show it at once, not after the TTL', () => {
  it('drops the pages a test names and keeps the others', async () => {
    const cache = createPageCache();
    for (const key of ['site|vegas|city:1', 'site|vegas|city:2', 'site|reno|city:1']) {
      await cache.fill(key, async () => page(key));
    }
    cache.drop((key) => key.startsWith('site|vegas|'));
    expect(cache.peek('site|vegas|city:1')).toBeUndefined();
    expect(cache.peek('site|vegas|city:2')).toBeUndefined();
    expect(cache.peek('site|reno|city:1')).toBeDefined();
  });

  it('never keeps a page whose render began before the change and ended after it', async () => {
    const cache = createPageCache();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stale = cache.fill('k', async () => {
      await gate;
      return page('<p>read before the change</p>');
    });
    cache.drop((key) => key === 'k');
    release();
    // Whoever waited for it gets what was read; the next request renders again.
    expect((await stale).body.toString()).toBe('<p>read before the change</p>');
    expect(cache.peek('k')).toBeUndefined();
    const fresh = await cache.fill('k', async () => page('<p>after</p>'));
    expect(fresh.body.toString()).toBe('<p>after</p>');
    expect(cache.peek('k')?.body.toString()).toBe('<p>after</p>');
  });

  it('starts a new render for a request after the change instead of joining the old one', async () => {
    const cache = createPageCache();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const old = cache.fill('k', async () => {
      await gate;
      return page('<p>old</p>');
    });
    cache.drop(() => true);
    const fresh = cache.fill('k', async () => page('<p>new</p>'));
    release();
    expect((await old).body.toString()).toBe('<p>old</p>');
    expect((await fresh).body.toString()).toBe('<p>new</p>');
    expect(cache.peek('k')?.body.toString()).toBe('<p>new</p>');
  });

  it('tells each page asked as a hit (peek found it) or a miss (it was filled), once', async () => {
    const c = clock();
    const told: string[] = [];
    const cache = createPageCache({ ttlMs: 5_000, now: c.now, countLookup: (r) => told.push(r) });
    const ask = async () =>
      cache.peek('k') ?? (await cache.fill('k', async () => page('<p>a</p>')));
    await ask();
    await ask();
    await ask();
    c.advance(5_000);
    await ask();
    expect(told).toEqual(['miss', 'hit', 'hit', 'miss']);
  });
});
