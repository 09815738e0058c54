import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { adRow, createAd } from './support/ads.js';
import { createPaymentWatcher } from '../src/modules/payments/payment-watcher.js';
import { issueAddress, orderRow, postStatus, satsOf } from './support/payments.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';
import { productionEnv } from './support/production-env.js';

describe('the development chain routes', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (
      await registerWithAuthenticator(t, 'developer@example.com', 'a long enough passphrase')
    ).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('pay an address and mine a block on the built-in fake chain', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const order = await issueAddress(t, { session }, adId);

    const paid = await call(t.app, 'POST', '/dev/chain/pay', {
      body: { address: order.address, sats: Number(satsOf(order.amountCrypto)) },
    });
    expect(paid.status).toBe(200);
    const { txid } = paid.json as { success: boolean; txid: string };
    expect(paid.json).toMatchObject({ success: true });
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(t.chain.state().mempool.map((tx) => tx.txid)).toContain(txid);

    const seen = await postStatus(t, { session }, adId, order.address, 'processing');
    expect(seen.json).toMatchObject({ status: 'processing' });

    const tip = t.chain.tipHeight();
    const mined = await call(t.app, 'POST', '/dev/chain/mine', { body: { blocks: 2 } });
    expect(mined.status).toBe(200);
    expect(mined.json).toEqual({ success: true, tip: tip + 2 });
    // One block when none is said.
    const one = await call(t.app, 'POST', '/dev/chain/mine', { body: {} });
    expect(one.json).toEqual({ success: true, tip: tip + 3 });

    const done = await postStatus(t, { session }, adId, order.address, 'complete');
    expect(done.json).toMatchObject({ status: 'complete' });
    expect((await adRow(t, adId)).paid).toBe(true);
  });

  it('a block mined through the route completes an open order within a second or two', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const order = await issueAddress(t, { session }, adId);
    const paid = await call(t.app, 'POST', '/dev/chain/pay', {
      body: { address: order.address, sats: Number(satsOf(order.amountCrypto)) },
    });
    expect(paid.status).toBe(200);
    // As after a check: the next one is not due for a while (25 s while the address is open).
    const { id } = await orderRow(t, order.address);
    await t.database.pool.query(
      `UPDATE payment_orders SET next_check_at = now() + interval '25 seconds' WHERE id = $1`,
      [id],
    );
    // The watcher as the server runs it: it looks for due orders every second.
    const watcher = createPaymentWatcher(t.paymentDeps, { intervalMs: 1000 });
    try {
      const started = Date.now();
      expect((await call(t.app, 'POST', '/dev/chain/mine', { body: {} })).status).toBe(200);
      let status = (await orderRow(t, order.address)).status;
      while (status !== 'complete' && Date.now() - started < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await orderRow(t, order.address)).status;
      }
      expect(status).toBe('complete');
      expect(Date.now() - started).toBeLessThan(2500);
      expect((await adRow(t, adId)).paid).toBe(true);
    } finally {
      await watcher.stop();
    }
  });

  it('pays confirmed at once when asked', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const order = await issueAddress(t, { session }, adId);
    const paid = await call(t.app, 'POST', '/dev/chain/pay', {
      body: { address: order.address, sats: Number(satsOf(order.amountCrypto)), confirmed: true },
    });
    expect(paid.status).toBe(200);
    const done = await postStatus(t, { session }, adId, order.address, 'complete');
    expect(done.json).toMatchObject({ status: 'complete' });
  });

  it('refuses a body that is not a payment', async () => {
    for (const body of [
      {},
      { address: 'x', sats: 1000 },
      { address: t.config.bitcoin.account.receiveAddress(5), sats: 0 },
      { address: t.config.bitcoin.account.receiveAddress(5), sats: -5 },
    ]) {
      const res = await call(t.app, 'POST', '/dev/chain/pay', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const tooMany = await call(t.app, 'POST', '/dev/chain/mine', { body: { blocks: 1000 } });
    expect(tooMany.status).toBe(400);
  });
});

describe('in production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: productionEnv,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no development chain routes', async () => {
    const address = t.config.bitcoin.account.receiveAddress(0);
    const requests = t.chain.requestCount();
    const pay = await call(t.app, 'POST', '/dev/chain/pay', { body: { address, sats: 1000 } });
    expect(pay.status).toBe(404);
    const mine = await call(t.app, 'POST', '/dev/chain/mine', { body: { blocks: 1 } });
    expect(mine.status).toBe(404);
    expect(t.chain.state().mempool).toEqual([]);
    expect(t.chain.requestCount()).toBe(requests);
  });
});
