import { setTimeout as sleep } from 'node:timers/promises';
import { ChainRateLimitedError } from '../../adapters/chain/chain-source.js';
import { applyChainReading, readOrderOnChain } from './check-order.js';
import type { OrderRow } from './order-presenter.js';
import { claimDueOrders, markOpenOrdersDue, recordCheckFailure } from './order-repository.js';
import type { PaymentDeps } from './payment-deps.js';
import { backoffDelayMs } from './watch-schedule.js';

/** A claimed order is someone's for this long; a crashed worker's claim simply runs out. */
const CLAIM_MS = 60_000;

/**
 * The check of one order, a job's item (its own chain): reads the chain outside,
 * then applies the reading in a transaction of its own. `tipHeight`: see
 * `readOrderOnChain`.
 */
export async function checkOrder(
  deps: PaymentDeps,
  orderId: string,
  options: { tipHeight?: number } = {},
): Promise<OrderRow | null> {
  const reading = await readOrderOnChain(deps.database.db, deps, orderId, options);
  if (!reading) return null;
  return deps.database.transaction((tx) => applyChainReading(tx, deps, reading));
}

export interface WatcherOptions {
  /** How often to look for due orders; a due order waits at most about this long. Default 1 s. */
  intervalMs?: number;
  /** Orders claimed at once; a pass claims batch after batch until nothing is due. Default 100. */
  batchSize?: number;
  /** Checks in flight at once. Default 8. */
  concurrency?: number;
  /**
   * Upstream requests a second at most, evenly spaced (this watcher's; several
   * workers each have their own). Default 380: under the 400/s budget, with room
   * for the checks payment pages ask for. With more open orders than this
   * covers, checks simply come further apart.
   */
  maxRequestsPerSecond?: number;
  onError?: (error: unknown) => void;
}

export interface PaymentWatcher {
  /** One pass over the orders that are due, batch after batch; answers how many were claimed. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Checks due orders against the chain. Orders are claimed with SKIP LOCKED, so
 * several workers share the load; a 429 pauses every check for as long as the
 * upstream asked; other failures back off per order.
 *
 * A pass drains what is due (10,000 open orders need hundreds of checks a
 * second, not one batch per interval), at most `maxRequestsPerSecond`, and
 * reads the tip height once per batch rather than once per order: a check then
 * costs one upstream request, its address history (see docs/benchmarks.md,
 * payment watcher).
 */
export function createPaymentWatcher(
  deps: PaymentDeps,
  options: WatcherOptions = {},
): PaymentWatcher {
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.concurrency ?? 8;
  const spacingMs = 1000 / (options.maxRequestsPerSecond ?? 380);
  let pausedUntil = 0;
  let nextSlotAt = 0;

  /** Waits for this watcher's next upstream request slot: no bursts, even after a backlog. */
  async function upstreamSlot(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, nextSlotAt);
    nextSlotAt = at + spacingMs;
    if (at > now) await sleep(at - now);
  }

  async function claimDue(): Promise<{ id: string; checkFailures: number }[]> {
    return claimDueOrders(deps.database.pool, batchSize, CLAIM_MS / 1000);
  }

  /** A failed check: the order backs off, and a 429 pauses every check. */
  async function recordFailure(
    order: { id: string; checkFailures: number },
    error: unknown,
  ): Promise<void> {
    const retryAfter = error instanceof ChainRateLimitedError ? error.retryAfterSeconds : null;
    if (retryAfter !== null || error instanceof ChainRateLimitedError) {
      pausedUntil = Date.now() + backoffDelayMs(1, retryAfter ?? 30);
    }
    const failures = order.checkFailures + 1;
    await recordCheckFailure(
      deps.database.pool,
      order.id,
      failures,
      backoffDelayMs(failures, retryAfter ?? undefined) / 1000,
    );
  }

  async function checkOne(
    order: { id: string; checkFailures: number },
    tipHeight: number,
  ): Promise<void> {
    try {
      await upstreamSlot();
      await checkOrder(deps, order.id, { tipHeight });
    } catch (error) {
      await recordFailure(order, error);
      options.onError?.(error);
    }
  }

  async function checkBatch(due: { id: string; checkFailures: number }[]): Promise<void> {
    // One tip for the batch, read before any of its addresses: a block found in
    // between counts at the order's next check, never early.
    let tipHeight: number;
    try {
      await upstreamSlot();
      tipHeight = await deps.chain.tipHeight();
    } catch (error) {
      await Promise.all(due.map((order) => recordFailure(order, error)));
      options.onError?.(error);
      return;
    }
    let next = 0;
    const lane = async () => {
      while (next < due.length && Date.now() >= pausedUntil) {
        const order = due[next++];
        if (order) await checkOne(order, tipHeight);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, lane));
  }

  let stopped = false;

  async function tick(): Promise<number> {
    let claimed = 0;
    while (!stopped && Date.now() >= pausedUntil) {
      const due = await claimDue();
      claimed += due.length;
      if (due.length > 0) await checkBatch(due);
      // A short batch: nothing else was due when it was claimed.
      if (due.length < batchSize) break;
    }
    return claimed;
  }

  // One pass at a time: a pass longer than the interval simply goes on, and the
  // next starts at the first interval after it.
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = tick()
      .then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        running = null;
      });
  }, options.intervalMs ?? 1000);
  timer.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** At start: every order of the last week that is not complete is due now. */
export async function recheckOpenOrders(deps: PaymentDeps): Promise<number> {
  return markOpenOrdersDue(deps.database.db);
}
