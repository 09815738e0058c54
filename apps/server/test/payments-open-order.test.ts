import {
  openPaymentOrderResultSchema,
  paymentMessages,
  type OpenPaymentOrderResult,
  sayIn,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { createAd, credentials, expectErrorBody } from './support/ads.js';
import { issueAddress, requestAddress, type Payer } from './support/payments.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('the open order of an ad survives a reload: GET /payment/order/BTC/{postId}', () => {
  let t: TestApp;
  let session: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, 'reload@example.com', 'a long enough passphrase'))
      .token;
    other = (await registerVerified(t.app, 'not.mine@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
  });

  async function openOrder(who: Payer, adId: string) {
    return call(t.app, 'GET', `/payment/order/BTC/${adId}`, { headers: credentials(who) });
  }

  async function openOrderOf(who: Payer, adId: string): Promise<OpenPaymentOrderResult> {
    const res = await openOrder(who, adId);
    expect(res.status, res.text).toBe(200);
    return openPaymentOrderResultSchema.parse(res.json);
  }

  const ordersOf = (adId: string) =>
    sqlCount(t, 'SELECT count(*) AS n FROM payment_orders WHERE ad_id = $1', [adId]);

  it('answers no order before an address is issued, then the issued one as it was', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    expect(await openOrderOf({ session }, adId)).toEqual({ order: null });

    const issued = await issueAddress(t, { session }, adId, 'paid', 'DAYS_30');
    const { order } = await openOrderOf({ session }, adId);
    expect(order).toEqual({ ...issued, product: 'paid', optionId: 'DAYS_30' });
    // The real expiry of the order, not a fresh 20 minutes.
    await t.database.pool.query(
      "UPDATE payment_orders SET expires_at = now() + interval '7 minutes' WHERE address = $1",
      [issued.address],
    );
    const later = await openOrderOf({ session }, adId);
    const left = Date.parse(later.order?.expiresAt ?? '') - Date.now();
    expect(left).toBeGreaterThan(6 * 60_000);
    expect(left).toBeLessThanOrEqual(7 * 60_000);
  });

  it('is read with the same rule as the other payment calls: owner or edit token', async () => {
    const { postId: adId, token } = await createAd(t.app, {
      type: 'paid',
      email: 'anon.reload@example.com',
    });
    const issued = await issueAddress(t, { editToken: token }, adId);
    expect((await openOrderOf({ editToken: token }, adId)).order?.address).toBe(issued.address);
    expectErrorBody(await openOrder({ session: other }, adId), 403);
    expectErrorBody(await openOrder({ editToken: 'not-the-token' }, adId), 403);
    expectErrorBody(await openOrder({}, adId), 403);
    expectErrorBody(await openOrder({ session }, '99999999'), 404);
    expectErrorBody(await openOrder({ session }, 'not-an-id'), 400);
  });

  it('refuses another option while one is open (409) and issues no second address', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const issued = await issueAddress(t, { session }, adId, 'paid', 'DAYS_30');

    const refused = await requestAddress(t, { session }, adId, 'paid', 'DAYS_60');
    const { error } = expectErrorBody(refused, 409);
    expect(error).toBe(sayIn('en', paymentMessages.openOrderExists({ minutes: 20 })));
    expect(error).toContain('You already have an open payment address for this ad');
    expect(await ordersOf(adId)).toBe(1);

    // The same option still answers the open order.
    expect(await issueAddress(t, { session }, adId, 'paid', 'DAYS_30')).toEqual(issued);
    // Several requests for other options at once: still one order.
    const all = await Promise.all(
      ['DAYS_60', 'DAYS_180', 'DAYS_60'].map((optionId) =>
        requestAddress(t, { session }, adId, 'paid', optionId),
      ),
    );
    expect(all.map((res) => res.status)).toEqual([409, 409, 409]);
    expect(await ordersOf(adId)).toBe(1);
    expect((await openOrderOf({ session }, adId)).order?.address).toBe(issued.address);

    // Featuring is another product: its order is its own.
    const featured = await issueAddress(t, { session }, adId, 'premium', 'DAYS_4');
    expect(featured.address).not.toBe(issued.address);
    expect(await ordersOf(adId)).toBe(2);
  });

  it('says how many minutes are left in the refusal', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const issued = await issueAddress(t, { session }, adId, 'paid', 'DAYS_30');
    await t.database.pool.query(
      "UPDATE payment_orders SET expires_at = now() + interval '4 minutes 30 seconds' WHERE address = $1",
      [issued.address],
    );
    const refused = await requestAddress(t, { session }, adId, 'paid', 'DAYS_180');
    expect(expectErrorBody(refused, 409).error).toBe(
      sayIn('en', paymentMessages.openOrderExists({ minutes: 5 })),
    );
  });

  it('answers no order once the address expired, and a new address can be issued', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const first = await issueAddress(t, { session }, adId, 'paid', 'DAYS_30');
    await t.database.pool.query(
      "UPDATE payment_orders SET expires_at = now() - interval '1 minute' WHERE address = $1",
      [first.address],
    );
    expect(await openOrderOf({ session }, adId)).toEqual({ order: null });

    const longer = await issueAddress(t, { session }, adId, 'paid', 'DAYS_60');
    expect(longer.address).not.toBe(first.address);
    expect(longer.amountFiat).toBe('23.00');
    expect(await ordersOf(adId)).toBe(2);
    const { order } = await openOrderOf({ session }, adId);
    expect(order).toEqual({ ...longer, product: 'paid', optionId: 'DAYS_60' });
  });

  it('answers no order once the order is complete', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const issued = await issueAddress(t, { session }, adId);
    await t.database.pool.query(
      "UPDATE payment_orders SET status = 'complete' WHERE address = $1",
      [issued.address],
    );
    expect(await openOrderOf({ session }, adId)).toEqual({ order: null });
  });
});
