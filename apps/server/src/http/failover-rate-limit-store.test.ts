import { describe, expect, it } from 'vitest';
import { createFailoverRateLimitStore } from './failover-rate-limit-store.js';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit.js';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** A shared store that works, or fails every call, as the test says. */
function switchable() {
  const inner = createMemoryRateLimitStore();
  const state = { up: true, calls: 0 };
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    state.calls += 1;
    if (!state.up) throw new Error('Connection is closed.');
    return run();
  };
  const store: RateLimitStore = {
    hit: (key, windowMs) => guard(() => inner.hit(key, windowMs)),
    take: (key, waits, forget) => guard(() => inner.take(key, waits, forget)),
    giveBack: (key) => guard(() => inner.giveBack(key)),
    reset: (key) => guard(() => inner.reset(key)),
  };
  return { store, state };
}

describe('limits fall back to this process’s memory while the shared store fails', () => {
  it('counts in the shared store while it answers', async () => {
    const shared = switchable();
    const store = createFailoverRateLimitStore(shared.store, createMemoryRateLimitStore(), {
      isConnected: () => true,
      onDown: () => undefined,
    });
    await store.hit('k', 60_000);
    expect((await shared.store.hit('k', 60_000)).count).toBe(2);
  });

  it('answers from memory when the shared store fails, never with the error', async () => {
    const shared = switchable();
    shared.state.up = false;
    const store = createFailoverRateLimitStore(shared.store, createMemoryRateLimitStore(), {
      isConnected: () => true,
      onDown: () => undefined,
    });
    expect((await store.hit('k', 60_000)).count).toBe(1);
    expect((await store.hit('k', 60_000)).count).toBe(2);
    expect(await store.take('g', [0, 60_000], 60_000)).toEqual({ waitMs: 0 });
    await expect(store.giveBack('g')).resolves.toBeUndefined();
    await expect(store.reset('k')).resolves.toBeUndefined();
  });

  it('does not ask a disconnected shared store at all', async () => {
    const shared = switchable();
    const store = createFailoverRateLimitStore(shared.store, createMemoryRateLimitStore(), {
      isConnected: () => false,
      onDown: () => undefined,
    });
    await store.hit('k', 60_000);
    expect(shared.state.calls).toBe(0);
  });

  it('reports each failure it meets, for the warning (which says it once a minute)', async () => {
    const shared = switchable();
    shared.state.up = false;
    const reports: unknown[] = [];
    const store = createFailoverRateLimitStore(shared.store, createMemoryRateLimitStore(), {
      isConnected: () => true,
      onDown: (error) => reports.push(error),
    });
    await store.hit('k', 60_000);
    expect(reports).toHaveLength(1);
    expect(String(reports[0])).toContain('Connection is closed.');
  });

  it('waits a little before asking a failed store again, so a hung one costs few requests', async () => {
    const c = clock();
    const shared = switchable();
    shared.state.up = false;
    const store = createFailoverRateLimitStore(shared.store, createMemoryRateLimitStore(), {
      isConnected: () => true,
      onDown: () => undefined,
      retryAfterMs: 5_000,
      now: c.now,
    });
    await store.hit('k', 60_000);
    await store.hit('k', 60_000);
    expect(shared.state.calls).toBe(1);
    c.advance(5_000);
    await store.hit('k', 60_000);
    expect(shared.state.calls).toBe(2);
  });

  it('goes back to the shared store by itself once it answers again', async () => {
    const c = clock();
    const shared = switchable();
    shared.state.up = false;
    const store = createFailoverRateLimitStore(shared.store, createMemoryRateLimitStore(), {
      isConnected: () => true,
      onDown: () => undefined,
      retryAfterMs: 5_000,
      now: c.now,
    });
    await store.hit('k', 60_000);
    shared.state.up = true;
    c.advance(5_000);
    await store.hit('k', 60_000);
    await store.hit('k', 60_000);
    expect((await shared.store.hit('k', 60_000)).count).toBe(3);
  });
});
