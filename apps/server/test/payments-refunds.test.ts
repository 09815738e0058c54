import { mailMessages, sayAllIn, paymentMessages, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOrder } from '../src/modules/payments/payment-watcher.js';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { adRow, expectErrorBody, postAd } from './support/ads.js';
import { signedInWithRole } from './support/moderation.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/** The moderation mails' texts in English, as an English reader gets them. */
const moderationMail = sayAllIn('en', mailMessages.moderation);

describe('a paid ad that moderators reject is refunded to the address its payer gives', () => {
  let t: TestApp;
  let session: string;
  let moderator: string;
  const email = 'refund@example.com';
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, email, 'a long enough passphrase')).token;
    moderator = (await signedInWithRole(t, 'mod@example.com', 'moderator')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  async function paidAd(): Promise<{ adId: number; orderId: string }> {
    const created = await postAd(t.app, { type: 'paid', session });
    const adId = (created.json as { post_id: string }).post_id;
    const issued = await call(t.app, 'GET', `/payment/address/BTC/${adId}/paid/DAYS_30`, {
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
    return { adId: Number(adId), orderId };
  }

  /** A moderator rejects the ad through the admin API. */
  const reject = (adId: number) =>
    call(t.app, 'POST', `/api/admin/posts/${adId}/reject`, {
      headers: { session: moderator },
      body: { reason: 'Please use a photo of yourself.' },
    });
  const refundsOf = async (adId: number) =>
    (
      await t.database.pool.query<{ state: string; amount_sats: string; received_sats: string }>(
        `SELECT r.state, r.amount_sats::text, o.received_sats::text
           FROM refunds r JOIN payment_orders o ON o.id = r.order_id WHERE r.ad_id = $1`,
        [adId],
      )
    ).rows;

  it('offers the received amount once on rejection and refunds it to the address the payer gives', async () => {
    const { adId, orderId } = await paidAd();
    const rejected = await reject(adId);
    expect(rejected.json).toEqual({ success: true, status: 'rejected', refunds: 1 });
    // A second rejection is refused and offers nothing more.
    expectErrorBody(await reject(adId), 409);

    const rows = await refundsOf(adId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'offered' });
    expect(rows[0]?.amount_sats).toBe(rows[0]?.received_sats);
    expect(Number(rows[0]?.amount_sats)).toBeGreaterThan(0);
    // Offered only: the payment stays applied to the ad until the refund is asked for.
    expect(await adRow(t, String(adId))).toMatchObject({ paid: true, paid_days: 30 });

    // The rejection mail says the payment is kept and gives the refund link.
    const [mail] = await readOutbox(t.app, email);
    expect(mail?.subject).toContain(moderationMail.rejectedSubject({ adId: String(adId) }));
    expect(mail?.text).toContain(moderationMail.rejectedPaymentKept);
    const link = new URL(mail?.text.match(/http:\/\/\S+\/refund\?\S+/)?.[0] ?? 'http://x/');
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(30);

    const invalid = await call(t.app, 'POST', '/api/refund/address', {
      body: { token, address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({
      error: sayIn('en', paymentMessages.refundAddressInvalid),
    });

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
    // Refunded: the ad is unpaid, and the order's money is on the refund, not the ad.
    expect(await adRow(t, String(adId))).toMatchObject({
      paid: false,
      paid_days: 0,
      premium_days: 0,
      product: null,
      status: 'payment_pending',
    });
    const order = await t.database.pool.query<{ applied_sats: string }>(
      'SELECT applied_sats::text FROM payment_orders WHERE id = $1',
      [orderId],
    );
    expect(order.rows).toEqual([{ applied_sats: '0' }]);

    const again = await call(t.app, 'POST', '/api/refund/address', {
      body: { token, address: refundTo },
    });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ error: sayIn('en', paymentMessages.refundLinkInvalid) });
  });

  it('records nothing for a rejected ad that received no payment', async () => {
    const created = await postAd(t.app, { type: 'paid', session });
    const adId = (created.json as { post_id: string }).post_id;
    // An address was issued but never paid; the ad is under review all the same.
    const issued = await call(t.app, 'GET', `/payment/address/BTC/${adId}/paid/DAYS_30`, {
      headers: { session },
    });
    expect(issued.status).toBe(200);
    await t.database.pool.query(
      "UPDATE ads SET status = 'pending', submitted_at = now() WHERE id = $1",
      [adId],
    );
    const rejected = await reject(Number(adId));
    expect(rejected.json).toEqual({ success: true, status: 'rejected', refunds: 0 });
    expect(await refundsOf(Number(adId))).toEqual([]);
    const [mail] = await readOutbox(t.app, email);
    expect(mail?.subject).toContain(moderationMail.rejectedSubject({ adId }));
    expect(mail?.text).not.toMatch(/\/refund\?/);
  });

  it('answers a malformed link or address with the catalogue messages, per field', async () => {
    const res = await call(t.app, 'POST', '/api/refund/address', { body: { token: 1 } });
    expect(expectErrorBody(res, 400)).toMatchObject({
      fields: {
        token: sayIn('en', paymentMessages.refundLinkInvalid),
        address: sayIn('en', paymentMessages.refundAddressInvalid),
      },
    });
  });

  it('refuses a made-up token', async () => {
    const res = await call(t.app, 'POST', '/api/refund/address', {
      body: { token: 'x'.repeat(43), address: t.config.bitcoin.account.receiveAddress(5) },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: sayIn('en', paymentMessages.refundLinkInvalid) });
  });
});
