import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentWatcher } from '../src/modules/payments/payment-watcher.js';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { postAd } from './support/ads.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('a VIP ad paid in Bitcoin through the fake chain', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, 'vip@example.com', 'a long enough passphrase')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('issues an address with the amount, sees the payment, and completes on confirmation', async () => {
    const created = await postAd(t.app, { type: 'paid', session });
    const adId = (created.json as { post_id: string }).post_id;

    const issued = await call(t.app, 'GET', `/payment/address/BTC/${adId}/paid/DAYS_30`, {
      headers: { session },
    });
    expect(issued.status).toBe(200);
    // Las Vegas is tier 2 and the local site uses tier 2: VIP 30 days costs 14.00.
    const order = issued.json as {
      address: string;
      amountFiat: string;
      amountCrypto: string;
      uri: string;
      status: string;
    };
    expect(order).toMatchObject({
      amountFiat: '14.00',
      fiat: 'USD',
      crypto: 'BTC',
      status: 'assigned',
    });
    expect(order.address).toMatch(/^tb1q/);
    expect(order.uri).toBe(
      `bitcoin:${order.address}?amount=${order.amountCrypto}&label=${encodeURIComponent(`Adboard Local ad ${adId}`)}`,
    );

    const again = await call(t.app, 'GET', `/payment/address/BTC/${adId}/paid/DAYS_30`, {
      headers: { session },
    });
    expect((again.json as { address: string }).address).toBe(order.address);

    const sats = Math.round(Number(order.amountCrypto) * 1e8);
    t.chain.pay(order.address, sats);
    const claimed = await call(t.app, 'POST', `/payment/status/BTC/${adId}/${order.address}`, {
      headers: { session },
      body: { status: 'complete' },
    });
    expect(claimed.json).toMatchObject({ status: 'processing' });

    t.chain.mine(1);
    const watcher = createPaymentWatcher(t.paymentDeps, { intervalMs: 60_000 });
    await t.database.pool.query('UPDATE payment_orders SET next_check_at = now()');
    expect(await watcher.tick()).toBe(1);
    await watcher.stop();

    const status = await call(t.app, 'GET', `/payment/status/BTC/${adId}/${order.address}`, {
      headers: { session },
    });
    expect(status.json).toMatchObject({ status: 'complete' });
    const ad = await call(t.app, 'GET', `/api/post/${adId}`, { headers: { session } });
    expect(ad.json).toMatchObject({ paid: true, status: 'pending', product: 'DAYS_30' });
  });
});
