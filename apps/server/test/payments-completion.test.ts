import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter, sqlCount } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { adRow, createAd } from './support/ads.js';
import { signedInWithRole } from './support/moderation.js';
import { checkAddress, historyOf, issueAddress, orderRow, satsOf } from './support/payments.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const DAY_MS = 86_400_000;

describe('what a completed payment does to the ad', () => {
  let t: TestApp;
  let session: string;
  let moderator: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerWithAuthenticator(t, 'owner@example.com', 'a long enough passphrase'))
      .token;
    moderator = (await signedInWithRole(t, 'mod@example.com', 'moderator')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Issues the order, pays it in full in a block and checks it: answers the order. */
  async function payInFull(adId: string, product: string, optionId: string) {
    const order = await issueAddress(t, { session }, adId, product, optionId);
    t.chain.pay(order.address, satsOf(order.amountCrypto), { confirmed: true });
    const checked = await checkAddress(t, order.address);
    expect(checked.status).toBe('complete');
    return checked;
  }

  const eventsOf = async (adId: string) => {
    const { rows } = await t.database.pool.query<{
      data: Record<string, unknown>;
      site_id: string;
    }>(
      "SELECT data, site_id FROM analytics_events WHERE name = 'payment_complete' AND ad_id = $1",
      [adId],
    );
    return rows;
  };

  /** A moderator approves the ad: its held days start now. */
  const approve = async (adId: string) => {
    const res = await call(t.app, 'POST', `/api/admin/posts/${adId}/approve`, {
      headers: { session: moderator },
    });
    expect(res.json).toEqual({ success: true, status: 'active' });
  };

  const expectNear = (actual: unknown, expected: number, what: string) => {
    expect(actual, what).toBeInstanceOf(Date);
    expect(Math.abs((actual as Date).getTime() - expected), what).toBeLessThan(60_000);
  };

  it('marks a new VIP ad paid, holds its days until approval and sends it to review', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const before = await adRow(t, adId);
    expect(before).toMatchObject({ paid: false, status: 'payment_pending', expires_at: null });

    const order = await payInFull(adId, 'paid', 'DAYS_30');
    const ad = await adRow(t, adId);
    // Paid time starts when the ad goes public, not while it waits for review.
    expect(ad).toMatchObject({
      paid: true,
      product: 'DAYS_30',
      status: 'pending',
      paid_days: 30,
      expires_at: null,
    });
    expect(ad.submitted_at).toBeInstanceOf(Date);
    expect(ad.premium_until).toBeNull();

    const events = await eventsOf(adId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      site_id: 'local',
      data: { product: 'paid', option: 'DAYS_30', orderId: order.id },
    });
    expect(await historyOf(t, order.id)).toEqual(['∅→assigned', 'assigned→complete']);

    // The browser sees it too.
    const shown = await call(t.app, 'GET', `/api/post/${adId}`, { headers: { session } });
    expect(shown.json).toMatchObject({
      paid: true,
      status: 'pending',
      product: 'DAYS_30',
      expiry: null,
    });

    // Approved: the 30 days run from now.
    await approve(adId);
    const live = await adRow(t, adId);
    expect(live).toMatchObject({ status: 'active', paid: true, paid_days: 0 });
    expectNear(live.expires_at, Date.now() + 30 * DAY_MS, 'expiry');
  });

  it('extends from the old expiry when it has not passed', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    await t.database.pool.query(
      "UPDATE ads SET status = 'active', paid = true, approved = true, product = 'DAYS_30', expires_at = now() + interval '10 days' WHERE id = $1",
      [adId],
    );
    const oldExpiry = (await adRow(t, adId)).expires_at as Date;

    await payInFull(adId, 'paid', 'DAYS_60');
    const ad = await adRow(t, adId);
    expect((ad.expires_at as Date).getTime()).toBe(oldExpiry.getTime() + 60 * DAY_MS);
    // A running ad stays live: a renewal is not sent back to review.
    expect(ad).toMatchObject({ paid: true, product: 'DAYS_60', status: 'active' });
  });

  it('starts from the approval, not the old expiry, when the ad had expired', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    await t.database.pool.query(
      "UPDATE ads SET status = 'expired', paid = true, product = 'DAYS_30', expires_at = now() - interval '3 days' WHERE id = $1",
      [adId],
    );
    await payInFull(adId, 'paid', 'DAYS_180');
    // Six months are 183 days, held while the ad is reviewed again.
    expect(await adRow(t, adId)).toMatchObject({
      paid: true,
      product: 'DAYS_180',
      status: 'pending',
      paid_days: 183,
    });
    await approve(adId);
    const ad = await adRow(t, adId);
    expectNear(ad.expires_at, Date.now() + 183 * DAY_MS, 'expiry');
    expect(ad).toMatchObject({ status: 'active', paid_days: 0 });
  });

  it('runs premium on its own clock from approval, leaving paid, product, status and expiry alone', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'free_verified', session });
    const before = await adRow(t, adId);
    const order = await payInFull(adId, 'premium', 'DAYS_15');
    const ad = await adRow(t, adId);
    // Not public yet: the premium days wait, and nothing shows it featured.
    expect(ad).toMatchObject({
      premium_days: 15,
      premium_until: null,
      paid: false,
      product: before.product,
      status: before.status,
      expires_at: before.expires_at,
    });
    expect(await eventsOf(adId)).toEqual([
      expect.objectContaining({
        data: { product: 'premium', option: 'DAYS_15', orderId: order.id },
      }),
    ]);

    // More premium before it is public adds to the days held.
    await payInFull(adId, 'premium', 'DAYS_4');
    expect(await adRow(t, adId)).toMatchObject({ premium_days: 19, premium_until: null });

    // Approved: the 19 days run from now.
    await t.database.pool.query(
      "UPDATE ads SET status = 'pending', submitted_at = now() WHERE id = $1",
      [adId],
    );
    await approve(adId);
    const live = await adRow(t, adId);
    expectNear(live.premium_until, Date.now() + 19 * DAY_MS, 'premium until');
    expect(live).toMatchObject({ status: 'active', premium_days: 0, paid: false, product: null });

    // More premium while it runs extends it from its end, at once.
    const until = live.premium_until as Date;
    await payInFull(adId, 'premium', 'DAYS_4');
    expect(await adRow(t, adId)).toMatchObject({ premium_days: 0, status: 'active' });
    expect(((await adRow(t, adId)).premium_until as Date).getTime()).toBe(
      until.getTime() + 4 * DAY_MS,
    );
    expect(await eventsOf(adId)).toHaveLength(3);
  });

  it('applies a completion once, however often the order is checked again', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const order = await payInFull(adId, 'paid', 'DAYS_30');
    expect(await adRow(t, adId)).toMatchObject({ paid_days: 30, expires_at: null });
    t.chain.mine(2);
    for (let i = 0; i < 3; i += 1) {
      const again = await checkAddress(t, order.address);
      expect(again.status).toBe('complete');
    }
    // The 30 days are held once, not once per check.
    expect(await adRow(t, adId)).toMatchObject({ paid_days: 30, expires_at: null });
    expect(await eventsOf(adId)).toHaveLength(1);
    expect(await historyOf(t, order.id)).toEqual(['∅→assigned', 'assigned→complete']);
    // A completed order is looked at again later (a reorganisation), not every 15 s.
    const row = await orderRow(t, order.address);
    expect(row.nextCheckAt?.getTime()).toBeGreaterThanOrEqual(Date.now() + 9 * 60_000);
  });

  it('writes every change of status to the order history, with the amounts', async () => {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const issued = await issueAddress(t, { session }, adId);
    const { id } = await orderRow(t, issued.address);
    const txid = t.chain.pay(issued.address, 5_000);
    await checkAddress(t, issued.address);
    await checkAddress(t, issued.address); // nothing changed: no row
    t.chain.replace(txid);
    await checkAddress(t, issued.address);
    t.chain.pay(issued.address, satsOf(issued.amountCrypto));
    await checkAddress(t, issued.address);
    t.chain.mine(1);
    await checkAddress(t, issued.address);

    const { rows } = await t.database.pool.query<{
      from_status: string | null;
      to_status: string;
      received_sats: string;
      confirmed_sats: string;
    }>(
      'SELECT from_status, to_status, received_sats::text, confirmed_sats::text FROM payment_order_history WHERE order_id = $1 ORDER BY id',
      [id],
    );
    const amount = String(satsOf(issued.amountCrypto));
    expect(rows).toEqual([
      { from_status: null, to_status: 'assigned', received_sats: '0', confirmed_sats: '0' },
      {
        from_status: 'assigned',
        to_status: 'processing',
        received_sats: '5000',
        confirmed_sats: '0',
      },
      { from_status: 'processing', to_status: 'assigned', received_sats: '0', confirmed_sats: '0' },
      {
        from_status: 'assigned',
        to_status: 'processing',
        received_sats: amount,
        confirmed_sats: '0',
      },
      {
        from_status: 'processing',
        to_status: 'complete',
        received_sats: amount,
        confirmed_sats: amount,
      },
    ]);
    // Every order's current status is the last one its history records.
    expect(
      await sqlCount(
        t,
        `SELECT count(*) AS n FROM payment_orders o
          WHERE o.status IS DISTINCT FROM (
            SELECT h.to_status FROM payment_order_history h
             WHERE h.order_id = o.id ORDER BY h.id DESC LIMIT 1)`,
      ),
    ).toBe(0);
  });
});
