import type { OutboxMessage, PaymentReceipt } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyChainReading, readOrderOnChain } from '../src/modules/payments/check-order.js';
import { checkOrder } from '../src/modules/payments/payment-watcher.js';
import { relaxedLimiter } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { adForm, createAd } from './support/ads.js';
import { readOutbox } from './support/outbox.js';
import { checkAddress, issueAddress, orderRow, satsOf, type Payer } from './support/payments.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/** VIP 30 days in Las Vegas (tier 2) is 14.00; at the test rate of 60,000 that is 23,334 sats. */
const PRICE_SATS = 23_334n;
const OWNER = 'receipt-owner@example.com';

describe('the receipt of a paid order (issue 16)', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerWithAuthenticator(t, OWNER, 'a long enough passphrase')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  async function newOrder(who: Payer = { session }, email?: string) {
    const { postId: adId, token } = await createAd(t.app, {
      type: 'paid',
      ...(who.session ? { session: who.session } : {}),
      ...(email ? { email } : {}),
    });
    const payer = who.session ? who : { editToken: token };
    const order = await issueAddress(t, payer, adId);
    expect(satsOf(order.amountCrypto)).toBe(PRICE_SATS);
    const row = await orderRow(t, order.address);
    return { adId, address: order.address, id: row.id, payer };
  }

  async function receiptsOf(who: Payer, adId: string) {
    const res = await call(t.app, 'GET', `/payment/receipts/BTC/${adId}`, {
      headers: {
        ...(who.session ? { session: who.session } : {}),
        ...(who.editToken ? { 'edit-token': who.editToken } : {}),
      },
    });
    expect(res.status, res.text).toBe(200);
    return (res.json as { receipts: PaymentReceipt[] }).receipts;
  }

  async function receiptMails(to: string, adId: string): Promise<OutboxMessage[]> {
    return (await readOutbox(t.app, to)).filter((m) =>
      m.subject.startsWith(`Receipt for your payment for ad #${adId}`),
    );
  }

  it('answers the order, the ad, the amounts in BTC and USD, the rate, the transaction and the time paid', async () => {
    const { adId, address, id } = await newOrder();
    const txid = t.chain.pay(address, PRICE_SATS);
    await checkAddress(t, address);
    // Seen, not yet paid: no receipt.
    expect(await receiptsOf({ session }, adId)).toEqual([]);

    t.chain.mine(1);
    const done = await checkAddress(t, address);
    expect(done.status).toBe('complete');
    const receipts = await receiptsOf({ session }, adId);
    expect(receipts).toEqual([
      {
        orderId: id,
        adId,
        adTitle: adForm.title,
        product: 'paid',
        optionId: 'DAYS_30',
        days: 30,
        currency: 'USD',
        priceFiat: '14.00',
        amountCrypto: '0.00023334',
        rate: '60000.00',
        rateAt: done.rateAt.toISOString(),
        paidCrypto: '0.00023334',
        paidFiat: '14.00',
        address,
        txids: [txid],
        paidAt: done.completedAt?.toISOString(),
      },
    ]);
  });

  it('mails the receipt to the owner once, with the same facts, however often the order is checked again', async () => {
    const { adId, address, id } = await newOrder();
    const txid = t.chain.pay(address, PRICE_SATS, { confirmed: true });
    await checkAddress(t, address);
    await checkAddress(t, address);
    t.chain.mine(1);
    await checkAddress(t, address);

    const mails = await receiptMails(OWNER, adId);
    expect(mails).toHaveLength(1);
    const text = mails[0]?.text ?? '';
    for (const fact of [
      id,
      adForm.title,
      'VIP, 30 days',
      '14.00 USD',
      '0.00023334 BTC',
      '1 BTC = 60,000.00 USD',
      txid,
      'UTC',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it("mails an anonymous poster's receipt to the ad's email", async () => {
    const email = 'receipt-anonymous@example.com';
    const { adId, address, payer } = await newOrder({}, email);
    t.chain.pay(address, PRICE_SATS, { confirmed: true });
    await checkAddress(t, address);
    expect(await receiptMails(email, adId)).toHaveLength(1);
    expect(await receiptsOf(payer, adId)).toHaveLength(1);
  });

  it('mails once when several checks complete the order at the same time', async () => {
    const { adId, address, id } = await newOrder();
    t.chain.pay(address, PRICE_SATS, { confirmed: true });
    await Promise.all([
      checkOrder(t.paymentDeps, id),
      checkOrder(t.paymentDeps, id),
      checkOrder(t.paymentDeps, id),
    ]);
    expect(await receiptMails(OWNER, adId)).toHaveLength(1);
  });

  it('mails nothing when the completing check crashes before it commits, and once when it is retried', async () => {
    const { adId, address, id } = await newOrder();
    t.chain.pay(address, PRICE_SATS, { confirmed: true });
    const reading = await readOrderOnChain(t.database.db, t.paymentDeps, id);
    if (!reading) throw new Error('no reading');
    await expect(
      t.database.transaction(async (tx) => {
        await applyChainReading(tx, t.paymentDeps, reading);
        throw new Error('the worker died here');
      }),
    ).rejects.toThrow('the worker died here');
    expect((await orderRow(t, address)).status).toBe('assigned');
    expect(await receiptMails(OWNER, adId)).toHaveLength(0);

    await checkOrder(t.paymentDeps, id);
    await checkOrder(t.paymentDeps, id);
    expect(await receiptMails(OWNER, adId)).toHaveLength(1);
  });

  it('gives no receipt for an order whose money goes back instead of paying the ad', async () => {
    const { adId, address, id } = await newOrder();
    const half = PRICE_SATS / 2n;
    t.chain.pay(address, half, { confirmed: true });
    await checkAddress(t, address);
    // A week later the underpaid money goes back; the rest arrives after all.
    await t.database.pool.query(
      "UPDATE payment_orders SET created_at = now() - interval '8 days' WHERE id = $1",
      [id],
    );
    await checkAddress(t, address);
    t.chain.pay(address, PRICE_SATS - half, { confirmed: true });
    expect((await checkAddress(t, address)).status).toBe('complete');
    expect(await receiptsOf({ session }, adId)).toEqual([]);
    expect(await receiptMails(OWNER, adId)).toHaveLength(0);
  });

  it("refuses another advertiser the ad's receipts", async () => {
    const { adId, address } = await newOrder();
    t.chain.pay(address, PRICE_SATS, { confirmed: true });
    await checkAddress(t, address);
    const other = await registerWithAuthenticator(
      t,
      'receipt-other@example.com',
      'another passphrase',
    );
    const res = await call(t.app, 'GET', `/payment/receipts/BTC/${adId}`, {
      headers: { session: other.token },
    });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain(address);
  });
  it('keeps what was paid on the receipt when the chain later loses the payment (issue 24)', async () => {
    const { adId, address } = await newOrder();
    t.chain.pay(address, PRICE_SATS, { confirmed: true });
    expect((await checkAddress(t, address)).status).toBe('complete');
    t.chain.reorg(1, { dropTxs: true });
    // The order stays complete (the money check lists it for the operator); the
    // receipt still says the amount that completed it, not the chain's new sum.
    expect((await checkAddress(t, address)).status).toBe('complete');
    expect(await receiptsOf({ session }, adId)).toMatchObject([
      { paidCrypto: '0.00023334', amountCrypto: '0.00023334' },
    ]);
  });
});
