import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ChainRateLimitedError,
  ChainUnavailableError,
} from '../src/adapters/chain/chain-source.js';
import {
  createPaymentWatcher,
  recheckOpenOrders,
  type PaymentWatcher,
} from '../src/modules/payments/payment-watcher.js';
import { relaxedLimiter } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { adRow, createAd } from './support/ads.js';
import { issueAddress, orderRow, satsOf } from './support/payments.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('the payment watcher', () => {
  let t: TestApp;
  let session: string;
  const watchers: PaymentWatcher[] = [];
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (
      await registerWithAuthenticator(t, 'watched@example.com', 'a long enough passphrase')
    ).token;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(watchers.splice(0).map((w) => w.stop()));
    // Orders of one test are not the next test's business.
    await t.database.pool.query('UPDATE payment_orders SET next_check_at = NULL');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A watcher that only runs when the test ticks it. */
  function watcher(onError?: (error: unknown) => void): PaymentWatcher {
    const w = createPaymentWatcher(t.paymentDeps, { intervalMs: 3_600_000, onError });
    watchers.push(w);
    return w;
  }

  async function newOrder() {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const issued = await issueAddress(t, { session }, adId);
    const row = await orderRow(t, issued.address);
    return { postId: adId, address: issued.address, id: row.id, sats: satsOf(issued.amountCrypto) };
  }

  async function makeDue(id: string): Promise<void> {
    await t.database.pool.query('UPDATE payment_orders SET next_check_at = now() WHERE id = $1', [
      id,
    ]);
  }

  /** Seconds from the database's now to the order's next check. */
  async function secondsToNextCheck(id: string): Promise<number> {
    const { rows } = await t.database.pool.query<{ s: number }>(
      'SELECT extract(epoch FROM next_check_at - now())::float8 AS s FROM payment_orders WHERE id = $1',
      [id],
    );
    return rows[0]?.s ?? Number.NaN;
  }

  it('checks a due order and completes it', async () => {
    const order = await newOrder();
    t.chain.pay(order.address, order.sats, { confirmed: true });
    await makeDue(order.id);
    const w = watcher();
    expect(await w.tick()).toBe(1);
    expect((await orderRow(t, order.address)).status).toBe('complete');
    expect((await adRow(t, order.postId)).paid).toBe(true);
    // Not due again at once.
    expect(await w.tick()).toBe(0);
    expect(await secondsToNextCheck(order.id)).toBeGreaterThan(60);
  });

  it('schedules a new order every 25 s, without checks before it is due', async () => {
    const order = await newOrder();
    const seconds = await secondsToNextCheck(order.id);
    expect(seconds).toBeGreaterThan(15);
    expect(seconds).toBeLessThanOrEqual(25.5);
    const requests = t.chain.requestCount();
    expect(await watcher().tick()).toBe(0);
    expect(t.chain.requestCount()).toBe(requests);
  });

  it('backs off on upstream 500s without throwing, and completes the order later', async () => {
    const order = await newOrder();
    t.chain.pay(order.address, order.sats, { confirmed: true });
    const errors: unknown[] = [];
    const w = watcher((error) => errors.push(error));

    t.chain.failNext(1, 500);
    await makeDue(order.id);
    await expect(w.tick()).resolves.toBe(1);
    let row = await orderRow(t, order.address);
    expect(row).toMatchObject({ status: 'assigned', checkFailures: 1 });
    const first = await secondsToNextCheck(order.id);
    expect(first).toBeGreaterThan(10);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ChainUnavailableError);

    t.chain.failNext(1, 503);
    await makeDue(order.id);
    await expect(w.tick()).resolves.toBe(1);
    row = await orderRow(t, order.address);
    expect(row.checkFailures).toBe(2);
    // Each failure waits longer than the one before.
    expect(await secondsToNextCheck(order.id)).toBeGreaterThan(first + 10);
    expect(errors).toHaveLength(2);

    // Nothing else is waiting: the same watcher goes on and completes it.
    await makeDue(order.id);
    expect(await w.tick()).toBe(1);
    row = await orderRow(t, order.address);
    expect(row).toMatchObject({ status: 'complete', checkFailures: 0 });
    expect((await adRow(t, order.postId)).paid).toBe(true);
  });

  it('honours a 429 Retry-After: the order waits, every check pauses, then it goes on', async () => {
    const order = await newOrder();
    t.chain.pay(order.address, order.sats, { confirmed: true });
    const errors: unknown[] = [];
    const w = watcher((error) => errors.push(error));

    t.chain.failNext(1, 429, 120);
    await makeDue(order.id);
    await expect(w.tick()).resolves.toBe(1);
    expect(errors[0]).toBeInstanceOf(ChainRateLimitedError);
    expect((errors[0] as ChainRateLimitedError).retryAfterSeconds).toBe(120);
    expect((await orderRow(t, order.address)).checkFailures).toBe(1);
    expect(await secondsToNextCheck(order.id)).toBeGreaterThan(115);

    // While paused, a tick asks the upstream nothing, even for a due order.
    await makeDue(order.id);
    const requests = t.chain.requestCount();
    await expect(w.tick()).resolves.toBe(0);
    expect(t.chain.requestCount()).toBe(requests);

    // Two minutes later the same watcher works again.
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 121_000);
    expect(await w.tick()).toBe(1);
    expect(await orderRow(t, order.address)).toMatchObject({
      status: 'complete',
      checkFailures: 0,
    });
  });

  it('keeps running on its timer through upstream failures', async () => {
    const order = await newOrder();
    const errors: unknown[] = [];
    const w = createPaymentWatcher(t.paymentDeps, {
      intervalMs: 50,
      onError: (error) => errors.push(error),
    });
    watchers.push(w);
    t.chain.failNext(4, 500);
    await makeDue(order.id);
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(1), { timeout: 5000 });

    t.chain.pay(order.address, order.sats, { confirmed: true });
    await vi.waitFor(
      async () => {
        await makeDue(order.id);
        expect((await orderRow(t, order.address)).status).toBe('complete');
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await adRow(t, order.postId)).paid).toBe(true);
  });

  it('checks each due order once when two watchers tick at the same time', async () => {
    const orders = [];
    for (let i = 0; i < 6; i += 1) orders.push(await newOrder());
    for (const order of orders) await makeDue(order.id);
    const a = watcher();
    const b = watcher();
    const requests = t.chain.requestCount();
    const histories = vi.spyOn(t.paymentDeps.chain, 'addressOutputs');
    const tips = vi.spyOn(t.paymentDeps.chain, 'tipHeight');

    const [byA, byB] = await Promise.all([a.tick(), b.tick()]);
    expect(byA + byB).toBe(orders.length);
    // A check asks for the address history; the tip is read once per batch claimed.
    expect(histories).toHaveBeenCalledTimes(orders.length);
    expect(tips.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(tips.mock.calls.length).toBeLessThanOrEqual(2);
    expect(t.chain.requestCount() - requests).toBe(orders.length + tips.mock.calls.length);
    for (const order of orders) {
      expect((await orderRow(t, order.address)).lastCheckedAt).toBeInstanceOf(Date);
    }
    // Claimed and checked: nothing is due for either.
    expect(await Promise.all([a.tick(), b.tick()])).toEqual([0, 0]);
  });

  it('shares a batch across two watchers without checking anything twice', async () => {
    const orders = [];
    for (let i = 0; i < 8; i += 1) orders.push(await newOrder());
    for (const order of orders) await makeDue(order.id);
    const a = createPaymentWatcher(t.paymentDeps, { intervalMs: 3_600_000, batchSize: 3 });
    const b = createPaymentWatcher(t.paymentDeps, { intervalMs: 3_600_000, batchSize: 3 });
    watchers.push(a, b);
    const requests = t.chain.requestCount();
    const histories = vi.spyOn(t.paymentDeps.chain, 'addressOutputs');
    const tips = vi.spyOn(t.paymentDeps.chain, 'tipHeight');
    let checked = 0;
    for (let round = 0; round < 4; round += 1) {
      const [x, y] = await Promise.all([a.tick(), b.tick()]);
      checked += x + y;
    }
    expect(checked).toBe(orders.length);
    expect(histories).toHaveBeenCalledTimes(orders.length);
    // At least three batches of at most three, each with its one tip.
    expect(tips.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(t.chain.requestCount() - requests).toBe(orders.length + tips.mock.calls.length);
  });

  it('drains every due order in one pass, batch after batch, one tip per batch', async () => {
    const orders = [];
    for (let i = 0; i < 7; i += 1) orders.push(await newOrder());
    for (const order of orders) await makeDue(order.id);
    const w = createPaymentWatcher(t.paymentDeps, { intervalMs: 3_600_000, batchSize: 2 });
    watchers.push(w);
    const requests = t.chain.requestCount();
    expect(await w.tick()).toBe(orders.length);
    // Batches of 2, 2, 2 and 1: seven address histories and four tips.
    expect(t.chain.requestCount() - requests).toBe(orders.length + 4);
    for (const order of orders) {
      expect((await orderRow(t, order.address)).lastCheckedAt).toBeInstanceOf(Date);
    }
    expect(await w.tick()).toBe(0);
  });

  it('spaces its upstream requests to maxRequestsPerSecond', async () => {
    const orders = [];
    for (let i = 0; i < 5; i += 1) orders.push(await newOrder());
    for (const order of orders) await makeDue(order.id);
    const w = createPaymentWatcher(t.paymentDeps, {
      intervalMs: 3_600_000,
      maxRequestsPerSecond: 20,
    });
    watchers.push(w);
    const started = performance.now();
    expect(await w.tick()).toBe(orders.length);
    // Six requests (a tip and five histories), 50 ms apart: the last one 250 ms after the first.
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  describe('after a restart', () => {
    it('rechecks open orders now, but not completed ones or those older than a week', async () => {
      // The orders of the tests above are from long ago here.
      await t.database.pool.query(
        "UPDATE payment_orders SET created_at = now() - interval '30 days', next_check_at = NULL",
      );
      const open = await newOrder();
      const claimedByCrashedWorker = await newOrder();
      const processing = await newOrder();
      const complete = await newOrder();
      const old = await newOrder();

      t.chain.pay(processing.address, 1_000);
      t.chain.pay(complete.address, complete.sats, { confirmed: true });
      await makeDue(processing.id);
      await makeDue(complete.id);
      await watcher().tick();
      expect((await orderRow(t, processing.address)).status).toBe('processing');
      expect((await orderRow(t, complete.address)).status).toBe('complete');

      // As the process left them: checks planned for later, one claimed and never done,
      // and an order from more than a week ago that is no longer watched.
      const q = (sql: string, id: string) => t.database.pool.query(sql, [id]);
      await q(
        "UPDATE payment_orders SET next_check_at = now() + interval '1 hour' WHERE id = $1",
        open.id,
      );
      await q(
        "UPDATE payment_orders SET next_check_at = now() + interval '50 seconds' WHERE id = $1",
        claimedByCrashedWorker.id,
      );
      await q(
        "UPDATE payment_orders SET next_check_at = now() + interval '1 hour' WHERE id = $1",
        processing.id,
      );
      await q(
        "UPDATE payment_orders SET next_check_at = now() + interval '1 hour' WHERE id = $1",
        complete.id,
      );
      await q(
        "UPDATE payment_orders SET created_at = now() - interval '8 days', expires_at = now() - interval '8 days', next_check_at = NULL WHERE id = $1",
        old.id,
      );
      // The open order was paid while the process was down.
      t.chain.pay(open.address, open.sats, { confirmed: true });

      expect(await recheckOpenOrders(t.paymentDeps)).toBe(3);
      for (const order of [open, claimedByCrashedWorker, processing]) {
        expect(await secondsToNextCheck(order.id)).toBeLessThanOrEqual(0);
      }
      expect(await secondsToNextCheck(complete.id)).toBeGreaterThan(3000);
      expect((await orderRow(t, old.address)).nextCheckAt).toBeNull();

      // The new process's watcher picks them up at once.
      const requests = t.chain.requestCount();
      expect(await watcher().tick()).toBe(3);
      // An address history each, and the tip once for the batch.
      expect(t.chain.requestCount() - requests).toBe(4);
      expect((await orderRow(t, open.address)).status).toBe('complete');
      expect((await adRow(t, open.postId)).paid).toBe(true);
      expect((await orderRow(t, processing.address)).status).toBe('processing');
    });
  });
});
