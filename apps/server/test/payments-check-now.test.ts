import { paymentPollMs, rateLimitRules } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { readOutbox } from './support/outbox.js';
import {
  historyOf,
  issueAddress,
  orderRow,
  postStatus,
  satsOf,
  statusOf,
} from './support/payments.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 16: while nothing is seen, the payment page's poll asks the server to look at
 * the chain now (POST /payment/status/...), so a payment in the mempool shows at the
 * next poll instead of after the watcher's next round.
 */
describe('the check a payment page asks for at its poll', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, 'check-now@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
  });

  async function newOrder() {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const order = await issueAddress(t, { session }, adId);
    const row = await orderRow(t, order.address);
    return { adId, address: order.address, id: row.id, sats: satsOf(order.amountCrypto) };
  }

  it('shows a payment in the mempool at once, before the watcher has looked', async () => {
    const { adId, address, sats } = await newOrder();
    t.chain.pay(address, sats);
    expect(await statusOf(t, { session }, adId, address)).toMatchObject({ status: 'assigned' });

    const checked = await postStatus(t, { session }, adId, address, 'assigned');
    expect(checked.status).toBe(200);
    expect(checked.json).toMatchObject({ status: 'processing', missingCrypto: null });
    // Stored: the page's next plain read (and any other page) says so too.
    expect(await statusOf(t, { session }, adId, address)).toMatchObject({ status: 'processing' });
  });

  it("counts as the order's check: the watcher's next look moves back by its interval", async () => {
    const { adId, address } = await newOrder();
    await postStatus(t, { session }, adId, address, 'assigned');
    const { rows } = await t.database.pool.query<{ seconds: number }>(
      'SELECT extract(epoch FROM next_check_at - now())::float AS seconds FROM payment_orders WHERE address = $1',
      [address],
    );
    expect(rows[0]?.seconds).toBeGreaterThan(20);
  });

  it('asked again and again at the same moment, credits the payment once and mails one receipt', async () => {
    const { adId, address, id, sats } = await newOrder();
    t.chain.pay(address, sats, { confirmed: true });
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => postStatus(t, { session }, adId, address, 'assigned')),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ status: 'complete' });
    }
    expect(await historyOf(t, id)).toEqual(['∅→assigned', 'assigned→complete']);
    const receipts = (await readOutbox(t.app, 'check-now@example.com')).filter((m) =>
      m.subject.startsWith(`Receipt for your payment for ad #${adId}`),
    );
    expect(receipts).toHaveLength(1);
  });
});

describe('the limit on checks a client asks for', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets three payment pages of one address poll for 10 minutes, then answers 429', async () => {
    const { token: session } = await registerVerified(
      t.app,
      'check-limit@example.com',
      'a long enough passphrase',
    );
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const { address } = await issueAddress(t, { session }, adId);
    const pollsIn10Minutes = (10 * 60_000) / paymentPollMs;
    const allowed = rateLimitRules.paymentCheck.ip.max;
    expect(allowed).toBeGreaterThanOrEqual(3 * pollsIn10Minutes);
    for (let i = 0; i < allowed; i += 1) {
      const res = await postStatus(t, { session }, adId, address, 'assigned');
      expect(res.status, `check ${i + 1}`).toBe(200);
    }
    expect((await postStatus(t, { session }, adId, address, 'assigned')).status).toBe(429);
    // The plain read has a limit of its own: the page still learns what the watcher saw.
    expect((await statusOf(t, { session }, adId, address)).status).toBe('assigned');
  });

  it('limits the checks of one order, whichever addresses ask (issue 24.10: rate-limited per order)', async () => {
    const { token: session } = await registerVerified(
      t.app,
      'check-order-limit@example.com',
      'a long enough passphrase',
    );
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const { address } = await issueAddress(t, { session }, adId);
    const check = (remoteAddress: string) =>
      call(t.app, 'POST', `/payment/status/BTC/${adId}/${address}`, {
        headers: { session },
        body: { status: 'assigned' },
        remoteAddress,
      });
    const perOrder = rateLimitRules.paymentCheck.account.max;
    for (let i = 0; i < perOrder; i += 1) {
      // Spread over addresses, each far below its own limit.
      const res = await check(`198.51.100.${1 + (i % 4)}`);
      expect(res.status, `check ${i + 1}`).toBe(200);
    }
    expect((await check('198.51.100.9')).status).toBe(429);
    // Another order of the same client is not held back by it.
    const other = await createAd(t.app, { type: 'paid', session });
    const { address: otherAddress } = await issueAddress(t, { session }, other.postId);
    const res = await call(t.app, 'POST', `/payment/status/BTC/${other.postId}/${otherAddress}`, {
      headers: { session },
      body: { status: 'assigned' },
      remoteAddress: '198.51.100.9',
    });
    expect(res.status).toBe(200);
  });
});
