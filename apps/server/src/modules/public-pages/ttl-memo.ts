/** A value kept until `expiresAt` (epoch ms). */
export interface Remembered<V> {
  value: V;
  expiresAt: number;
}

export interface TtlMemo<V> {
  /** The value if it is kept and fresh: one Map lookup, no promise. */
  peek(key: string): Remembered<V> | undefined;
  /** Loads the value (once, however many callers wait for it) and keeps it. */
  fill(
    key: string,
    load: () => Promise<{ value: V; validUntil: Date | null }>,
  ): Promise<Remembered<V>>;
  /**
   * Forgets the values whose key passes `test`, and never keeps one whose load
   * is under way (it read before the change); the next fill loads afresh.
   */
  drop(test: (key: string) => boolean): void;
}

export interface TtlMemoOptions {
  ttlMs: number;
  /** Values kept at most; the oldest are dropped first. */
  maxEntries: number;
  now?: () => number;
}

/**
 * Values remembered for a short time, and never past the moment they stop being
 * true (`validUntil`); a failed load is not remembered. The public pages keep
 * rendered pages and city orderings in it.
 */
export function createTtlMemo<V>(options: TtlMemoOptions): TtlMemo<V> {
  const now = options.now ?? Date.now;
  const kept = new Map<string, Remembered<V>>();
  /** Loads under way; `dropped` once a change made what they read old. */
  const loading = new Map<
    string,
    { promise: Promise<Remembered<V>>; state: { dropped: boolean } }
  >();

  function keep(key: string, value: V, validUntil: Date | null): Remembered<V> {
    const t = now();
    const until = validUntil ? validUntil.getTime() : Infinity;
    const entry = { value, expiresAt: Math.min(t + options.ttlMs, until) };
    kept.delete(key);
    if (kept.size >= options.maxEntries) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    if (entry.expiresAt > t) kept.set(key, entry);
    return entry;
  }

  return {
    peek(key) {
      const entry = kept.get(key);
      return entry && entry.expiresAt > now() ? entry : undefined;
    },
    fill(key, load) {
      const waiting = loading.get(key);
      if (waiting) return waiting.promise;
      const state = { dropped: false };
      const promise = load()
        .then(({ value, validUntil }) =>
          // Its waiters get what it read; it is not kept past the change.
          state.dropped ? { value, expiresAt: now() } : keep(key, value, validUntil),
        )
        .finally(() => {
          if (loading.get(key)?.state === state) loading.delete(key);
        });
      loading.set(key, { promise, state });
      return promise;
    },
    drop(test) {
      for (const key of [...kept.keys()]) if (test(key)) kept.delete(key);
      for (const [key, flight] of loading) {
        if (!test(key)) continue;
        flight.state.dropped = true;
        loading.delete(key);
      }
    },
  };
}
