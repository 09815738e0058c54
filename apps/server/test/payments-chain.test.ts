import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOrder } from '../src/modules/payments/payment-watcher.js';
import { relaxedLimiter, sqlCount } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { adRow, createAd } from './support/ads.js';
import {
  checkAddress,
  historyOf,
  issueAddress,
  moneyCheck,
  orderRow,
  outputsOf,
  postStatus,
  satsOf,
  statusOf,
} from './support/payments.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/** VIP 30 days in Las Vegas (tier 2) is 14.00; at the test rate of 60,000 that is 23,334 sats. */
const PRICE_SATS = 23_334n;

describe('payments seen on the fake chain', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerWithAuthenticator(t, 'payer@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A new VIP ad with a fresh order for it. */
  async function newOrder() {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const order = await issueAddress(t, { session }, adId);
    expect(satsOf(order.amountCrypto)).toBe(PRICE_SATS);
    const row = await orderRow(t, order.address);
    return { postId: adId, address: order.address, id: row.id };
  }

  const paymentEvents = (adId: string) =>
    sqlCount(
      t,
      "SELECT count(*) AS n FROM analytics_events WHERE name = 'payment_complete' AND ad_id = $1",
      [adId],
    );

  it('completes a full payment once it is confirmed', async () => {
    const { postId: adId, address, id } = await newOrder();
    const txid = t.chain.pay(address, PRICE_SATS);

    const seen = await checkAddress(t, address);
    expect(seen).toMatchObject({
      status: 'processing',
      receivedSats: PRICE_SATS,
      confirmedSats: 0n,
    });
    expect(await statusOf(t, { session }, adId, address)).toMatchObject({
      status: 'processing',
      receivedCrypto: '0.00023334',
      amountCrypto: '0.00023334',
      missingCrypto: null,
    });
    expect((await adRow(t, adId)).paid).toBe(false);

    t.chain.mine(1);
    const done = await checkAddress(t, address);
    expect(done).toMatchObject({ status: 'complete', confirmedSats: PRICE_SATS });
    expect(done.completedAt).not.toBeNull();
    expect((await statusOf(t, { session }, adId, address)).status).toBe('complete');
    expect(await outputsOf(t, id)).toEqual([
      { txid, vout: 0, sats: String(PRICE_SATS), confirmed: true, gone: false },
    ]);
    expect(await historyOf(t, id)).toEqual([
      '∅→assigned',
      'assigned→processing',
      'processing→complete',
    ]);
    expect((await adRow(t, adId)).paid).toBe(true);
    expect(await paymentEvents(adId)).toBe(1);
  });

  it('keeps an underpaid order processing with the missing amount, and completes on a top-up', async () => {
    const { postId: adId, address, id } = await newOrder();
    t.chain.pay(address, 10_000, { confirmed: true });

    const under = await checkAddress(t, address);
    // Confirmed but short: still processing, never complete.
    expect(under).toMatchObject({
      status: 'processing',
      receivedSats: 10_000n,
      confirmedSats: 10_000n,
    });
    expect(await statusOf(t, { session }, adId, address)).toMatchObject({
      status: 'processing',
      receivedCrypto: '0.0001',
      missingCrypto: '0.00013334',
    });
    // The address view shows the same missing amount.
    expect(await issueAddress(t, { session }, adId)).toMatchObject({
      address,
      status: 'processing',
      missingCrypto: '0.00013334',
    });
    expect((await adRow(t, adId)).paid).toBe(false);

    t.chain.pay(address, PRICE_SATS - 10_000n);
    const topped = await checkAddress(t, address);
    expect(topped).toMatchObject({ status: 'processing', receivedSats: PRICE_SATS });
    expect((await statusOf(t, { session }, adId, address)).missingCrypto).toBeNull();

    t.chain.mine(1);
    expect((await checkAddress(t, address)).status).toBe('complete');
    expect(await historyOf(t, id)).toEqual([
      '∅→assigned',
      'assigned→processing',
      'processing→complete',
    ]);
    expect((await adRow(t, adId)).paid).toBe(true);
  });

  it('completes an overpaid order', async () => {
    const { postId: adId, address } = await newOrder();
    t.chain.pay(address, 50_000, { confirmed: true });
    const done = await checkAddress(t, address);
    expect(done).toMatchObject({
      status: 'complete',
      receivedSats: 50_000n,
      confirmedSats: 50_000n,
    });
    expect(await statusOf(t, { session }, adId, address)).toMatchObject({
      status: 'complete',
      receivedCrypto: '0.0005',
      missingCrypto: null,
    });
  });

  it('credits a payment that arrives after the address expired', async () => {
    const { postId: adId, address, id } = await newOrder();
    await t.database.pool.query(
      "UPDATE payment_orders SET expires_at = now() - interval '2 hours', created_at = now() - interval '2 hours' WHERE id = $1",
      [id],
    );
    t.chain.pay(address, PRICE_SATS, { confirmed: true });
    expect((await checkAddress(t, address)).status).toBe('complete');
    expect(await statusOf(t, { session }, adId, address)).toMatchObject({ status: 'complete' });
    expect((await adRow(t, adId)).paid).toBe(true);
  });

  it('sums two payments to one address', async () => {
    const { postId: adId, address, id } = await newOrder();
    const first = t.chain.pay(address, 20_000, { confirmed: true });
    expect((await checkAddress(t, address)).status).toBe('processing');
    const second = t.chain.pay(address, 3_334, { confirmed: true });
    const done = await checkAddress(t, address);
    expect(done).toMatchObject({ status: 'complete', receivedSats: PRICE_SATS });
    const outputs = await outputsOf(t, id);
    expect(outputs.map((o) => o.txid).sort()).toEqual([first, second].sort());
    expect((await adRow(t, adId)).paid).toBe(true);
  });

  it('counts two outputs of one transaction to the same address (vout 0 and 1)', async () => {
    const { address, id } = await newOrder();
    const txid = t.chain.payMany(
      [
        { address, sats: 13_334 },
        { address, sats: 10_000 },
      ],
      { confirmed: true },
    );
    const done = await checkAddress(t, address);
    expect(done).toMatchObject({ status: 'complete', receivedSats: PRICE_SATS });
    expect(await outputsOf(t, id)).toEqual([
      { txid, vout: 0, sats: '13334', confirmed: true, gone: false },
      { txid, vout: 1, sats: '10000', confirmed: true, gone: false },
    ]);
  });

  it('moves back when the transaction is replaced, and marks its output gone', async () => {
    const { postId: adId, address, id } = await newOrder();
    const original = t.chain.pay(address, PRICE_SATS);
    expect((await checkAddress(t, address)).status).toBe('processing');

    // Replaced by one paying the same address: still processing, on the new outpoint.
    const replacement = t.chain.replace(original, [{ address, sats: PRICE_SATS }]);
    expect(replacement).not.toBeNull();
    const still = await checkAddress(t, address);
    expect(still).toMatchObject({ status: 'processing', receivedSats: PRICE_SATS });
    expect(await outputsOf(t, id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ txid: original, gone: true }),
        expect.objectContaining({ txid: replacement, gone: false }),
      ]),
    );

    // Replaced by one paying someone else: nothing pays the order any more.
    const elsewhere = t.config.bitcoin.account.receiveAddress(900_000);
    t.chain.replace(replacement ?? '', [{ address: elsewhere, sats: PRICE_SATS }]);
    const back = await checkAddress(t, address);
    expect(back).toMatchObject({ status: 'assigned', receivedSats: 0n, confirmedSats: 0n });
    expect((await outputsOf(t, id)).every((o) => o.gone)).toBe(true);
    expect(await statusOf(t, { session }, adId, address)).toMatchObject({
      status: 'assigned',
      receivedCrypto: '0',
    });
    expect(await historyOf(t, id)).toEqual([
      '∅→assigned',
      'assigned→processing',
      'processing→assigned',
    ]);
    expect((await adRow(t, adId)).paid).toBe(false);
  });

  it('moves back when an unconfirmed transaction vanishes, and forward when it comes back', async () => {
    const { address, id } = await newOrder();
    const txid = t.chain.pay(address, PRICE_SATS);
    expect((await checkAddress(t, address)).status).toBe('processing');
    expect(t.chain.replace(txid)).toBeNull();
    expect((await checkAddress(t, address)).status).toBe('assigned');
    const gone = await t.database.pool.query<{ gone_at: Date | null }>(
      'SELECT gone_at FROM payment_outputs WHERE txid = $1',
      [txid],
    );
    expect(gone.rows[0]?.gone_at).toBeInstanceOf(Date);

    t.chain.pay(address, PRICE_SATS, { confirmed: true });
    expect((await checkAddress(t, address)).status).toBe('complete');
    expect(await historyOf(t, id)).toEqual([
      '∅→assigned',
      'assigned→processing',
      'processing→assigned',
      'assigned→complete',
    ]);
  });

  /** GET /payment/order/BTC/{postId}: the order the payment page would show on load. */
  const openOrderOf = async (adId: string) =>
    (await call(t.app, 'GET', `/payment/order/BTC/${adId}`, { headers: { session } })).json;

  it('keeps a completed order complete when a reorganisation takes its block away; the money check lists it until the block is back', async () => {
    const { postId: adId, address, id } = await newOrder();
    t.chain.pay(address, PRICE_SATS);
    expect((await checkAddress(t, address)).status).toBe('processing');
    t.chain.mine(1);
    const done = await checkAddress(t, address);
    expect(done.status).toBe('complete');
    const paid = await adRow(t, adId);

    // The block is gone: the transaction is back in the mempool, unconfirmed. The
    // money stays applied, the order is not payable again, the operator sees it.
    t.chain.reorg(1);
    const reorganised = await checkAddress(t, address);
    expect(reorganised).toMatchObject({
      status: 'complete',
      receivedSats: PRICE_SATS,
      confirmedSats: 0n,
      appliedSats: PRICE_SATS,
    });
    expect(await statusOf(t, { session }, adId, address)).toMatchObject({ status: 'complete' });
    expect(await openOrderOf(adId)).toEqual({ order: null });
    expect(await moneyCheck(t)).toContain(id);

    t.chain.mine(1);
    const again = await checkAddress(t, address);
    expect(again).toMatchObject({ status: 'complete', confirmedSats: PRICE_SATS });
    expect(again.completedAt?.getTime()).toBe(done.completedAt?.getTime());
    expect(await moneyCheck(t)).not.toContain(id);
    // Recorded: the confirmed sum fell and came back, the status never left complete.
    expect(await historyOf(t, id)).toEqual([
      '∅→assigned',
      'assigned→processing',
      'processing→complete',
      'complete→complete',
      'complete→complete',
    ]);
    // The ad was paid once: no second time held, one event.
    const after = await adRow(t, adId);
    expect([after.paid, after.paid_days]).toEqual([paid.paid, paid.paid_days]);
    expect(await paymentEvents(adId)).toBe(1);
  });

  it('keeps a completed order complete and the ad paid when its transaction vanishes; a new address is a new order', async () => {
    const { postId: adId, address, id } = await newOrder();
    t.chain.pay(address, PRICE_SATS, { confirmed: true });
    expect((await checkAddress(t, address)).status).toBe('complete');
    t.chain.reorg(1, { dropTxs: true });
    expect(await checkAddress(t, address)).toMatchObject({
      status: 'complete',
      receivedSats: 0n,
      confirmedSats: 0n,
      appliedSats: PRICE_SATS,
    });
    expect(await historyOf(t, id)).toEqual([
      '∅→assigned',
      'assigned→complete',
      'complete→complete',
    ]);
    expect((await outputsOf(t, id)).every((o) => o.gone)).toBe(true);
    expect(await moneyCheck(t)).toContain(id);
    expect((await adRow(t, adId)).paid).toBe(true);

    // The payment page offers durations again; the address asked for is a new one.
    expect(await openOrderOf(adId)).toEqual({ order: null });
    const renewal = await issueAddress(t, { session }, adId);
    expect(renewal.address).not.toBe(address);
    expect(renewal.status).toBe('assigned');
  });

  it('credits the same payment once when two checks see it at the same time', async () => {
    const { postId: adId, address, id } = await newOrder();
    const txid = t.chain.pay(address, PRICE_SATS, { confirmed: true });
    const results = await Promise.all([
      checkOrder(t.paymentDeps, id),
      checkOrder(t.paymentDeps, id),
      checkOrder(t.paymentDeps, id),
    ]);
    for (const result of results) expect(result?.status).toBe('complete');
    expect(await outputsOf(t, id)).toEqual([
      { txid, vout: 0, sats: String(PRICE_SATS), confirmed: true, gone: false },
    ]);
    const row = await orderRow(t, address);
    expect(row.receivedSats).toBe(PRICE_SATS);
    expect(row.confirmedSats).toBe(PRICE_SATS);
    expect(await historyOf(t, id)).toEqual(['∅→assigned', 'assigned→complete']);
    expect(await paymentEvents(adId)).toBe(1);
  });

  it('never marks an order paid because the browser says so', async () => {
    const { postId: adId, address, id } = await newOrder();
    const claimed = await postStatus(t, { session }, adId, address, 'complete');
    expect(claimed.status).toBe(200);
    expect(claimed.json).toMatchObject({ status: 'assigned', receivedCrypto: '0' });
    expect((await orderRow(t, address)).status).toBe('assigned');
    expect(await statusOf(t, { session }, adId, address)).toMatchObject({ status: 'assigned' });

    // Paid short and unconfirmed: the claim still does not complete it.
    t.chain.pay(address, 1_000);
    const short = await postStatus(t, { session }, adId, address, 'complete');
    expect(short.json).toMatchObject({ status: 'processing', missingCrypto: '0.00022334' });

    const ad = await adRow(t, adId);
    expect(ad.paid).toBe(false);
    expect(ad.status).toBe('payment_pending');
    expect(await historyOf(t, id)).toEqual(['∅→assigned', 'assigned→processing']);
    expect(await paymentEvents(adId)).toBe(0);
  });

  it('answers the known status when the browser asks for a check and the chain fails', async () => {
    const { postId: adId, address } = await newOrder();
    t.chain.failNext(1, 500);
    const res = await postStatus(t, { session }, adId, address, 'processing');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'assigned' });
    t.chain.failNext(1, 429, 30);
    const limited = await postStatus(t, { session }, adId, address, 'processing');
    expect(limited.status).toBe(200);
    expect(limited.json).toMatchObject({ status: 'assigned' });
  });
});

describe('with two confirmations required', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), env: { BTC_CONFIRMATIONS: '2' } });
    session = (
      await registerWithAuthenticator(t, 'careful@example.com', 'a long enough passphrase')
    ).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs two blocks to complete', async () => {
    expect(t.config.bitcoin.confirmations).toBe(2);
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const { address } = await issueAddress(t, { session }, adId);
    t.chain.pay(address, PRICE_SATS);
    expect((await checkAddress(t, address)).status).toBe('processing');
    t.chain.mine(1);
    expect(await checkAddress(t, address)).toMatchObject({
      status: 'processing',
      confirmedSats: 0n,
    });
    expect((await adRow(t, adId)).paid).toBe(false);
    t.chain.mine(1);
    expect(await checkAddress(t, address)).toMatchObject({
      status: 'complete',
      confirmedSats: PRICE_SATS,
    });
    expect((await adRow(t, adId)).paid).toBe(true);
  });
});

describe('two checks of one order that overlap', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (
      await registerWithAuthenticator(t, 'overlap@example.com', 'a long enough passphrase')
    ).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the newer view of the chain when an older check finishes last', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const { address } = await issueAddress(t, { session }, adId);
    const { id } = await orderRow(t, address);

    // A slow check reads the chain before the payment, and finishes after a quick one.
    let fetched: () => void = () => undefined;
    const hasFetched = new Promise<void>((resolve) => {
      fetched = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chain = t.paymentDeps.chain;
    const slow = checkOrder(
      {
        ...t.paymentDeps,
        chain: {
          ...chain,
          addressOutputs: async (a) => {
            const outputs = await chain.addressOutputs(a);
            fetched();
            await released;
            return outputs;
          },
        },
      },
      id,
    );
    await hasFetched;
    const txid = t.chain.pay(address, PRICE_SATS);
    expect((await checkOrder(t.paymentDeps, id))?.status).toBe('processing');
    release();
    expect((await slow)?.status).toBe('processing');

    expect(await outputsOf(t, id)).toEqual([
      { txid, vout: 0, sats: String(PRICE_SATS), confirmed: false, gone: false },
    ]);
    expect(await historyOf(t, id)).toEqual(['∅→assigned', 'assigned→processing']);
  });
});
