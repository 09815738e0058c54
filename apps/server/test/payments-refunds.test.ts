import { paymentMessages } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOrder } from '../src/modules/payments/check-order.js';
import { recordRefundsForRejectedAd } from '../src/modules/payments/refunds.js';
import { siteById } from '../src/modules/sites/site-by-id.js';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { postAd } from './support/ads.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('a paid ad that moderators reject is refunded to the address its payer gives', () => {
  let t: TestApp;
  let session: string;
  const email = 'refund@example.com';
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, email, 'a long enough passphrase')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  async function paidAd(): Promise<{ adId: number; orderId: string }> {
    const created = await postAd(t.app, { type: 'paid', session });
    const postId = (created.json as { post_id: string }).post_id;
    const issued = await call(t.app, 'GET', `/payment/address/BTC/${postId}/paid/DAYS_30`, {
      headers: { session },
    });
    const { address, amountCrypto } = issued.json as { address: string; amountCrypto: string };
    t.chain.pay(address, Math.round(Number(amountCrypto) * 1e8), { confirmed: true });
    const { rows } = await t.database.pool.query<{ id: string }>(
      'SELECT id FROM payment_orders WHERE address = $1',
      [address],
    );
    const orderId = rows[0]?.id ?? '';
    await checkOrder(t.paymentDeps, orderId);
    return { adId: Number(postId), orderId };
  }

  const reject = (adId: number) =>
    t.database.transaction((tx) =>
      recordRefundsForRejectedAd(tx, t.queue, {
        site: siteById('local'),
        appOrigin: 'http://localhost:3000',
        adId,
        email,
      }),
    );

  it('records the received amount once and mails a link for the refund address', async () => {
    const { adId, orderId } = await paidAd();
    expect(await reject(adId)).toBe(1);
    expect(await reject(adId)).toBe(0);

    const { rows } = await t.database.pool.query<{
      amount_sats: string;
      state: string;
      received_sats: string;
    }>(
      'SELECT r.amount_sats, r.state, o.received_sats FROM refunds r JOIN payment_orders o ON o.id = r.order_id WHERE r.order_id = $1',
      [orderId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'awaiting_address' });
    expect(rows[0]?.amount_sats).toBe(rows[0]?.received_sats);
    expect(Number(rows[0]?.amount_sats)).toBeGreaterThan(0);

    const [mail] = await readOutbox(t.app, email);
    expect(mail?.subject).toContain(`Refund for ad #${adId}`);
    const link = new URL(mail?.text.match(/http:\/\/\S+\/refund\?\S+/)?.[0] ?? 'http://x/');
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(30);

    const invalid = await call(t.app, 'POST', '/api/refund/address', {
      body: { token, address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ error: paymentMessages.refundAddressInvalid });

    const refundTo = t.config.bitcoin.account.receiveAddress(999_999);
    const saved = await call(t.app, 'POST', '/api/refund/address', {
      body: { token, address: refundTo },
    });
    expect(saved.json).toEqual({ success: true });
    const after = await t.database.pool.query<{ state: string; refund_address: string }>(
      'SELECT state, refund_address FROM refunds WHERE order_id = $1',
      [orderId],
    );
    expect(after.rows[0]).toEqual({ state: 'ready', refund_address: refundTo });

    const again = await call(t.app, 'POST', '/api/refund/address', {
      body: { token, address: refundTo },
    });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ error: paymentMessages.refundLinkInvalid });
  });

  it('records nothing for a rejected ad that received no payment', async () => {
    const created = await postAd(t.app, { type: 'paid', session });
    expect(await reject(Number((created.json as { post_id: string }).post_id))).toBe(0);
  });

  it('refuses a made-up token', async () => {
    const res = await call(t.app, 'POST', '/api/refund/address', {
      body: { token: 'x'.repeat(43), address: t.config.bitcoin.account.receiveAddress(5) },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: paymentMessages.refundLinkInvalid });
  });
});
