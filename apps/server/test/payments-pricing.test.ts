import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedRateSource } from '../src/adapters/rates/index.js';
import { registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { adForm, createAd, expectErrorBody } from './support/ads.js';
import {
  expectedSats,
  expireOrder,
  issueAddress,
  orderRow,
  requestAddress,
  satsOf,
  statusOf,
  getStatus,
  postStatus,
} from './support/payments.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/** An odd rate, so fiat / rate is never a whole number of sats. */
const RATE = '61234.57';
const NIGHTLIST = 'post.nightlist.example';

describe('the amount and the address of an order', () => {
  let t: TestApp;
  let session: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp({
      limiter: relaxedLimiter(),
      rates: createFixedRateSource(Number(RATE)),
    });
    session = (await registerVerified(t.app, 'buyer@example.com', 'a long enough passphrase'))
      .token;
    other = (await registerVerified(t.app, 'someone.else@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('prices come from the server table and the ad city tier', () => {
    it('charges tier 2 for Las Vegas on the local site: VIP 30 days 14.00', async () => {
      const { postId: adId } = await createAd(t.app, { type: 'paid', session });
      const order = await issueAddress(t, { session }, adId, 'paid', 'DAYS_30');
      expect(order).toMatchObject({
        amountFiat: '14.00',
        fiat: 'USD',
        crypto: 'BTC',
        status: 'assigned',
        missingCrypto: null,
      });
    });

    it('charges the VIP tier-2 options: 60 days 23.00, 6 months 55.00', async () => {
      const { postId: adId } = await createAd(t.app, { type: 'paid', session });
      const sixty = await issueAddress(t, { session }, adId, 'paid', 'DAYS_60');
      expect(sixty.amountFiat).toBe('23.00');
      // One open address per ad and product: the next option once this one expired.
      await expireOrder(t, sixty.address);
      expect((await issueAddress(t, { session }, adId, 'paid', 'DAYS_180')).amountFiat).toBe(
        '55.00',
      );
    });

    it('charges tier 1 for a tier-1 city: VIP 30 days 12.00, 60 days 20.00', async () => {
      const { postId: adId } = await createAd(t.app, {
        type: 'paid',
        session,
        overrides: { city: 'austin' },
      });
      const thirty = await issueAddress(t, { session }, adId, 'paid', 'DAYS_30');
      expect(thirty.amountFiat).toBe('12.00');
      await expireOrder(t, thirty.address);
      expect((await issueAddress(t, { session }, adId, 'paid', 'DAYS_60')).amountFiat).toBe(
        '20.00',
      );
    });

    it('charges tier 1 on a site without tier 2, even in Las Vegas', async () => {
      const created = await call(t.app, 'POST', '/api/posts', {
        headers: { host: NIGHTLIST },
        body: { ...adForm, type: 'paid', email: 'night.owl@example.com' },
      });
      expect(created.status).toBe(200);
      const { post_id: adId, token } = created.json as { post_id: string; token: string };
      const who = { editToken: token, host: NIGHTLIST };
      expect((await issueAddress(t, who, adId, 'paid', 'DAYS_30')).amountFiat).toBe('12.00');
      expect((await issueAddress(t, who, adId, 'premium', 'DAYS_30')).amountFiat).toBe('60.00');
    });

    it('charges the ad site price, and is not asked on another brand’s host at all', async () => {
      // A Las Vegas ad of the local site (tier 2) cannot be paid at tier 1 through
      // a brand that does not use tier 2: there the ad is not found (site-scoping.test.ts).
      const { postId: adId, token } = await createAd(t.app, {
        type: 'paid',
        email: 'cross.site@example.com',
      });
      const elsewhere = await requestAddress(
        t,
        { editToken: token, host: NIGHTLIST },
        adId,
        'paid',
        'DAYS_30',
      );
      expectErrorBody(elsewhere, 404);
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM payment_orders WHERE ad_id = $1', [adId]),
      ).toBe(0);
      const order = await issueAddress(t, { editToken: token }, adId);
      expect(order.amountFiat).toBe('14.00');
      expect((await orderRow(t, order.address)).siteId).toBe('local');
    });

    it('charges the premium options per tier', async () => {
      const vegas = await createAd(t.app, { type: 'paid', session });
      const austin = await createAd(t.app, {
        type: 'paid',
        session,
        overrides: { city: 'austin' },
      });
      const expected: [string, string, string][] = [
        [vegas.postId, 'DAYS_30', '135.00'],
        [vegas.postId, 'DAYS_15', '70.00'],
        [vegas.postId, 'DAYS_4', '25.00'],
        [austin.postId, 'DAYS_30', '60.00'],
        [austin.postId, 'DAYS_15', '30.00'],
        [austin.postId, 'DAYS_4', '10.00'],
      ];
      for (const [adId, optionId, amount] of expected) {
        const order = await issueAddress(t, { session }, adId, 'premium', optionId);
        expect(order.amountFiat, `${adId} premium ${optionId}`).toBe(amount);
        await expireOrder(t, order.address);
      }
    });

    it('answers 404 for an option or a product the table does not have', async () => {
      const { postId: adId } = await createAd(t.app, { type: 'paid', session });
      // VIP has no 4-day option; premium has no 6-month one.
      for (const [product, optionId] of [
        ['paid', 'DAYS_4'],
        ['premium', 'DAYS_180'],
        ['paid', 'DAYS_7'],
        ['gold', 'DAYS_30'],
        ['free', 'DAYS_30'],
      ] as const) {
        const res = await requestAddress(t, { session }, adId, product, optionId);
        expectErrorBody(res, 404);
      }
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM payment_orders WHERE ad_id = $1', [adId]),
      ).toBe(0);
    });

    it('refuses VIP for a free ad, but sells premium for it', async () => {
      const { postId: adId } = await createAd(t.app, { type: 'free_verified', session });
      const refused = await requestAddress(t, { session }, adId, 'paid', 'DAYS_30');
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expectErrorBody(refused, refused.status);

      const premium = await issueAddress(t, { session }, adId, 'premium', 'DAYS_15');
      expect(premium).toMatchObject({ amountFiat: '70.00', status: 'assigned' });
    });

    it('answers 404 for an ad that does not exist', async () => {
      const res = await requestAddress(t, { session }, '99999999', 'paid', 'DAYS_30');
      expectErrorBody(res, 404);
    });
  });

  describe('the BTC amount', () => {
    it('is ceil(fiat / rate) in sats, with the rate, its source and time recorded', async () => {
      const { postId: adId } = await createAd(t.app, { type: 'paid', session });
      const before = Date.now();
      const order = await issueAddress(t, { session }, adId, 'paid', 'DAYS_30');
      const sats = expectedSats('14.00', RATE);
      // 14.00 / 61234.57 = 0.000228628…: rounded up, never down.
      expect(sats).toBe(22863n);
      expect(satsOf(order.amountCrypto)).toBe(sats);
      expect(order.uri).toBe(
        `bitcoin:${order.address}?amount=${order.amountCrypto}&label=${encodeURIComponent(`Adboard Local ad ${adId}`)}`,
      );
      expect(order.amountCrypto).toBe('0.00022863');

      const row = await orderRow(t, order.address);
      expect(row.amountSats).toBe(sats);
      expect(row.rate).toBe(RATE);
      expect(row.rateSource).toBe('fixed');
      expect(row.rateAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.amountFiat).toBe('14.00');
      expect(row.currency).toBe('USD');
      expect(row.days).toBe(30);
    });

    it('is computed for every option at the locked rate', async () => {
      const { postId: adId } = await createAd(t.app, { type: 'paid', session });
      for (const [optionId, fiat] of [
        ['DAYS_60', '23.00'],
        ['DAYS_180', '55.00'],
      ] as const) {
        const order = await issueAddress(t, { session }, adId, 'paid', optionId);
        expect(satsOf(order.amountCrypto)).toBe(expectedSats(fiat, RATE));
        await expireOrder(t, order.address);
      }
    });

    it('expires 20 minutes after it is issued', async () => {
      const { postId: adId } = await createAd(t.app, { type: 'paid', session });
      const before = Date.now();
      const order = await issueAddress(t, { session }, adId);
      const expires = Date.parse(order.expiresAt);
      expect(expires).toBeGreaterThanOrEqual(before + 20 * 60_000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 20 * 60_000 + 1000);
    });
  });

  describe('addresses', () => {
    it('are distinct across orders and ads, each the next index of the configured key', async () => {
      const a = await createAd(t.app, { type: 'paid', session });
      const b = await createAd(t.app, { type: 'paid', session });
      const first = await issueAddress(t, { session }, a.postId, 'paid', 'DAYS_30');
      await expireOrder(t, first.address);
      const orders = [
        first,
        await issueAddress(t, { session }, a.postId, 'paid', 'DAYS_60'),
        await issueAddress(t, { session }, a.postId, 'premium', 'DAYS_4'),
        await issueAddress(t, { session }, b.postId, 'paid', 'DAYS_30'),
      ];
      expect(new Set(orders.map((o) => o.address)).size).toBe(orders.length);
      const rows = await Promise.all(orders.map((o) => orderRow(t, o.address)));
      const indexes = rows.map((r) => r.addressIndex);
      for (let i = 1; i < indexes.length; i += 1) {
        expect(indexes[i]).toBeGreaterThan(indexes[i - 1] ?? Infinity);
      }
      for (const row of rows) {
        expect(row.address).toBe(t.config.bitcoin.account.receiveAddress(row.addressIndex));
        expect(row.network).toBe(t.config.bitcoin.network);
      }
      // The demo key is a testnet key: native segwit testnet addresses.
      for (const order of orders) expect(order.address).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    });

    it('are never reused: every order ever issued has its own index, on every site', async () => {
      const created = await call(t.app, 'POST', '/api/posts', {
        headers: { host: NIGHTLIST },
        body: { ...adForm, type: 'paid', email: 'other.brand@example.com' },
      });
      const { post_id: adId, token } = created.json as { post_id: string; token: string };
      await issueAddress(t, { editToken: token, host: NIGHTLIST }, adId);
      // An index taken by a transaction that failed is skipped, not handed out again.
      await t.database.pool.query("SELECT nextval('btc_address_index_seq')");
      const mine = await createAd(t.app, { type: 'paid', session });
      await issueAddress(t, { session }, mine.postId);

      const { rows } = await t.database.pool.query<{ index: number; address: string }>(
        'SELECT address_index AS index, address FROM payment_orders ORDER BY address_index',
      );
      expect(new Set(rows.map((r) => r.index)).size).toBe(rows.length);
      expect(new Set(rows.map((r) => r.address)).size).toBe(rows.length);
      const last = await t.database.pool.query<{ last: string }>(
        'SELECT last_value::text AS last FROM btc_address_index_seq',
      );
      expect(Math.max(...rows.map((r) => r.index))).toBe(Number(last.rows[0]?.last));
      // The sites share one sequence.
      expect(
        await sqlCount(t, 'SELECT count(DISTINCT site_id) AS n FROM payment_orders'),
      ).toBeGreaterThanOrEqual(2);
    });

    it('returns the still-open order again, and a new one once it has expired', async () => {
      const { postId: adId } = await createAd(t.app, { type: 'paid', session });
      const first = await issueAddress(t, { session }, adId);
      const again = await issueAddress(t, { session }, adId);
      expect(again).toEqual(first);
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM payment_orders WHERE ad_id = $1', [adId]),
      ).toBe(1);

      // Another duration waits until this address expired: no second address to pay.
      expectErrorBody(await requestAddress(t, { session }, adId, 'paid', 'DAYS_60'), 409);

      await t.database.pool.query(
        "UPDATE payment_orders SET expires_at = now() - interval '1 minute' WHERE address = $1",
        [first.address],
      );
      const renewed = await issueAddress(t, { session }, adId);
      expect(renewed.address).not.toBe(first.address);
      expect(renewed.status).toBe('assigned');
      expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.now() + 19 * 60_000);
      // The expired order is still there, still watched for a late payment.
      const old = await orderRow(t, first.address);
      expect(old.status).toBe('assigned');
      expect(old.nextCheckAt).not.toBeNull();
    });

    it('gives two requests at once the same open order', async () => {
      const { postId: adId } = await createAd(t.app, { type: 'paid', session });
      const orders = await Promise.all(
        Array.from({ length: 6 }, () => issueAddress(t, { session }, adId)),
      );
      expect(new Set(orders.map((o) => o.address)).size).toBe(1);
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM payment_orders WHERE ad_id = $1', [adId]),
      ).toBe(1);
    });
  });

  describe('authorization', () => {
    it('refuses another user and a wrong edit token (403) on address and status', async () => {
      const { postId: adId } = await createAd(t.app, { type: 'paid', session });
      const order = await issueAddress(t, { session }, adId);

      expectErrorBody(await requestAddress(t, { session: other }, adId, 'paid', 'DAYS_30'), 403);
      expectErrorBody(
        await requestAddress(t, { editToken: 'not-the-token' }, adId, 'paid', 'DAYS_30'),
        403,
      );
      expectErrorBody(await getStatus(t, { session: other }, adId, order.address), 403);
      expectErrorBody(await getStatus(t, { editToken: 'wrong' }, adId, order.address), 403);
      expectErrorBody(await getStatus(t, {}, adId, order.address), 403);
      expectErrorBody(
        await postStatus(t, { session: other }, adId, order.address, 'complete'),
        403,
      );
      expect((await statusOf(t, { session }, adId, order.address)).status).toBe('assigned');
    });

    it('lets the holder of the edit token pay an anonymous ad', async () => {
      const { postId: adId, token } = await createAd(t.app, {
        type: 'paid',
        email: 'anonymous.payer@example.com',
      });
      const order = await issueAddress(t, { editToken: token }, adId);
      expect(order.amountFiat).toBe('14.00');
      expect((await statusOf(t, { editToken: token }, adId, order.address)).status).toBe(
        'assigned',
      );
      expectErrorBody(await requestAddress(t, { session }, adId, 'paid', 'DAYS_30'), 403);
    });

    it('answers 404 for an address that is not one of the ad', async () => {
      const a = await createAd(t.app, { type: 'paid', session });
      const b = await createAd(t.app, { type: 'paid', session });
      const orderOfB = await issueAddress(t, { session }, b.postId);
      expectErrorBody(await getStatus(t, { session }, a.postId, orderOfB.address), 404);
      expectErrorBody(
        await postStatus(t, { session }, a.postId, orderOfB.address, 'complete'),
        404,
      );
      const unknown = t.config.bitcoin.account.receiveAddress(1_000_000);
      expectErrorBody(await getStatus(t, { session }, a.postId, unknown), 404);
      expect((await getStatus(t, { session }, a.postId, 'not-an-address!')).status).toBe(400);
    });
  });
});
