import { and, gt, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { ChainRateLimitedError } from '../../adapters/chain/chain-source.js';
import { paymentOrders } from '../../db/schema.js';
import { checkOrder } from './check-order.js';
import type { PaymentDeps } from './payment-deps.js';
import { backoffDelayMs } from './watch-schedule.js';

/** A claimed order is someone's for this long; a crashed worker's claim simply runs out. */
const CLAIM_MS = 60_000;

export interface WatcherOptions {
  intervalMs?: number;
  batchSize?: number;
  concurrency?: number;
  onError?: (error: unknown) => void;
}

export interface PaymentWatcher {
  /** One pass over the orders that are due; answers how many were checked. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Checks due orders against the chain. Orders are claimed with SKIP LOCKED, so
 * several workers share the load; a 429 pauses every check for as long as the
 * upstream asked; other failures back off per order.
 */
export function createPaymentWatcher(
  deps: PaymentDeps,
  options: WatcherOptions = {},
): PaymentWatcher {
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.concurrency ?? 8;
  let pausedUntil = 0;

  async function claimDue(): Promise<{ id: string; checkFailures: number }[]> {
    const { rows } = await deps.database.pool.query<{ id: string; check_failures: number }>(
      `UPDATE payment_orders SET next_check_at = now() + make_interval(secs => $2)
       WHERE id IN (
         SELECT id FROM payment_orders
         WHERE next_check_at IS NOT NULL AND next_check_at <= now()
         ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, check_failures`,
      [batchSize, CLAIM_MS / 1000],
    );
    return rows.map((r) => ({ id: r.id, checkFailures: r.check_failures }));
  }

  async function checkOne(order: { id: string; checkFailures: number }): Promise<void> {
    try {
      await checkOrder(deps, order.id);
    } catch (error) {
      const retryAfter = error instanceof ChainRateLimitedError ? error.retryAfterSeconds : null;
      if (retryAfter !== null || error instanceof ChainRateLimitedError) {
        pausedUntil = Date.now() + backoffDelayMs(1, retryAfter ?? 30);
      }
      const failures = order.checkFailures + 1;
      await deps.database.pool.query(
        `UPDATE payment_orders SET check_failures = $2,
           next_check_at = now() + make_interval(secs => $3) WHERE id = $1`,
        [order.id, failures, backoffDelayMs(failures, retryAfter ?? undefined) / 1000],
      );
      options.onError?.(error);
    }
  }

  async function tick(): Promise<number> {
    if (Date.now() < pausedUntil) return 0;
    const due = await claimDue();
    let next = 0;
    const lane = async () => {
      while (next < due.length && Date.now() >= pausedUntil) {
        const order = due[next++];
        if (order) await checkOne(order);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, lane));
    return due.length;
  }

  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(tick).catch((error: unknown) => options.onError?.(error));
  }, options.intervalMs ?? 5000);
  timer.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}

/** At start: every order of the last week that is not complete is due now. */
export async function recheckOpenOrders(deps: PaymentDeps): Promise<number> {
  const rows = await deps.database.db
    .update(paymentOrders)
    .set({ nextCheckAt: sql`now()` })
    .where(
      and(
        ne(paymentOrders.status, 'complete'),
        gt(paymentOrders.createdAt, sql`now() - interval '7 days'`),
        isNotNull(paymentOrders.address),
        lte(paymentOrders.createdAt, sql`now()`),
      ),
    )
    .returning({ id: paymentOrders.id });
  return rows.length;
}
