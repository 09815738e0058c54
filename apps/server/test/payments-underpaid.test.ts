import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { adRow, createAd } from './support/ads.js';
import {
  checkAddress,
  issueAddress,
  orderRow,
  satsOf,
  refundsOfOrder,
} from './support/payments.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/*
 * Every satoshi received is applied to an ad or on a refund record (issue 13),
 * an underpaid order's too: its money waits for the rest while its ad can take
 * it, and goes on a refund once the ad cannot (deleted, rejected, owner banned)
 * or once the order stops being watched (a week after its address was issued).
 */
describe('money on an order that never completes', () => {
  let t: TestApp;
  let session: string;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, 'underpaid@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
  });

  const refundsOf = (orderId: string) => refundsOfOrder(t, orderId);

  /** A VIP ad awaiting payment with half its order paid and confirmed. */
  async function underpaidVipAd() {
    const { postId: adId } = await createAd(t.app, { session, type: 'paid' });
    const order = await issueAddress(t, { session }, adId, 'paid', 'DAYS_30');
    const half = satsOf(order.amountCrypto) / 2n;
    t.chain.pay(order.address, half, { confirmed: true });
    const checked = await checkAddress(t, order.address);
    expect(checked.status).toBe('processing');
    expect(checked.confirmedSats).toBe(half);
    return { adId, order, half, orderId: checked.id };
  }

  it('keeps the money waiting for the rest while the ad can still take it', async () => {
    const { orderId } = await underpaidVipAd();
    expect(await refundsOf(orderId)).toEqual([]);
  });

  it('refunds it when the ad is deleted', async () => {
    const { adId, orderId, half } = await underpaidVipAd();
    const deleted = await call(t.app, 'POST', '/api/post/delete', {
      headers: { session },
      body: { postId: adId },
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await refundsOf(orderId)).toEqual([
      { state: 'awaiting_address', reason: 'deleted', amount_sats: half.toString() },
    ]);
  });

  it('refunds what arrives for a deleted ad after the deletion, once', async () => {
    const { adId, order, orderId, half } = await underpaidVipAd();
    await call(t.app, 'POST', '/api/post/delete', { headers: { session }, body: { postId: adId } });
    t.chain.pay(order.address, half, { confirmed: true });
    await checkAddress(t, order.address);
    await checkAddress(t, order.address);
    const refunds = await refundsOf(orderId);
    expect(refunds.map((r) => r.reason)).toEqual(['deleted', 'not_payable']);
    expect(refunds.reduce((sum, r) => sum + BigInt(r.amount_sats), 0n)).toBe(
      (await orderRow(t, order.address)).confirmedSats,
    );
    expect((await adRow(t, adId)).paid).toBe(false);
  });

  it('refunds it when the order stops being watched, and a later top-up extends nothing', async () => {
    const { adId, order, orderId, half } = await underpaidVipAd();
    await t.database.pool.query(
      "UPDATE payment_orders SET created_at = now() - interval '8 days' WHERE id = $1",
      [orderId],
    );
    const last = await checkAddress(t, order.address);
    expect(last.nextCheckAt).toBeNull();
    expect(await refundsOf(orderId)).toEqual([
      { state: 'awaiting_address', reason: 'underpaid', amount_sats: half.toString() },
    ]);

    // The rest arrives after all: the order completes, but its money goes back too.
    t.chain.pay(order.address, satsOf(order.amountCrypto) - half, { confirmed: true });
    const completed = await checkAddress(t, order.address);
    expect(completed.status).toBe('complete');
    expect(completed.appliedSats).toBe(0n);
    const refunds = await refundsOf(orderId);
    expect(refunds.reduce((sum, r) => sum + BigInt(r.amount_sats), 0n)).toBe(
      completed.confirmedSats,
    );
    expect(await adRow(t, adId)).toMatchObject({ paid: false, status: 'payment_pending' });
  });
});
