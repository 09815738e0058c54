import { randomUUID } from 'node:crypto';
import { cliMessages, cliPaymentMessages as m, type CliCheckedOrder } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter, sqlCount } from '../support/accounts.js';
import { registerWithAuthenticator } from '../support/second-factors.js';
import { adRow, createAd } from '../support/ads.js';
import { cli } from '../support/cli.js';
import { readOutbox } from '../support/outbox.js';
import {
  historyOf,
  issueAddress,
  moneyCheck,
  orderRow,
  refundsOfOrder,
  satsOf,
} from '../support/payments.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('the operator re-runs the chain check of payment orders', () => {
  let t: TestApp;
  let session: string;
  const email = 'check-payments@example.com';

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerWithAuthenticator(t, email, 'a long enough passphrase')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A VIP ad with an address to pay: its order, as stored. */
  async function newOrder() {
    const { postId: adId } = await createAd(t.app, { type: 'paid', session });
    const issued = await issueAddress(t, { session }, adId);
    const order = await orderRow(t, issued.address);
    return { adId, address: issued.address, id: order.id, sats: satsOf(issued.amountCrypto) };
  }

  /** The line of an order as check-payments prints it; by default a change, nothing seen. */
  const lineFor = (
    order: { id: string; adId: string; sats: bigint },
    found: Partial<CliCheckedOrder> & Pick<CliCheckedOrder, 'from' | 'to'>,
  ) =>
    m.checked({
      id: order.id,
      adId: order.adId,
      changed: true,
      seenSats: '0',
      confirmedSats: '0',
      askedSats: order.sats.toString(),
      appliedSats: null,
      refundedSats: null,
      ...found,
    });

  const rechecks = async (orderId: string) => {
    const { rows } = await t.database.pool.query(
      `SELECT actor_id, actor_email, target_type, before, after FROM audit_log
        WHERE action = 'order.recheck' AND target_id = $1 ORDER BY id`,
      [orderId],
    );
    return rows;
  };

  it('moves an order on as the watcher would: seen, then paid, the ad credited; each change audited', async () => {
    const order = await newOrder();
    t.chain.pay(order.address, order.sats);

    const seen = await cli(t, ['check-payments', '--order', order.id]);
    expect(seen).toMatchObject({
      code: 0,
      err: [],
      out: [
        lineFor(order, {
          from: 'assigned',
          to: 'processing',
          seenSats: order.sats.toString(),
        }),
      ],
    });
    expect(await orderRow(t, order.address)).toMatchObject({ status: 'processing' });
    expect(await adRow(t, order.adId)).toMatchObject({ paid: false, status: 'payment_pending' });

    t.chain.mine();
    const paid = await cli(t, ['check-payments', '--order', order.id]);
    expect(paid.out).toEqual([
      lineFor(order, {
        from: 'processing',
        to: 'complete',
        seenSats: order.sats.toString(),
        confirmedSats: order.sats.toString(),
        appliedSats: order.sats.toString(),
      }),
    ]);
    expect(await orderRow(t, order.address)).toMatchObject({
      status: 'complete',
      appliedSats: order.sats,
    });
    // The lifecycle's 'payment_arrives': paid, sent to review, its days held.
    expect(await adRow(t, order.adId)).toMatchObject({ paid: true, status: 'pending' });
    expect(await historyOf(t, order.id)).toEqual([
      '∅→assigned',
      'assigned→processing',
      'processing→complete',
    ]);
    const receipts = (await readOutbox(t.app, email)).filter((mail) =>
      mail.subject.startsWith(`Receipt for your payment for ad #${order.adId}`),
    );
    expect(receipts).toHaveLength(1);

    expect(await rechecks(order.id)).toEqual([
      {
        actor_id: null,
        actor_email: 'cli:ops',
        target_type: 'order',
        before: expect.objectContaining({ status: 'assigned', receivedSats: '0' }),
        after: expect.objectContaining({
          status: 'processing',
          receivedSats: order.sats.toString(),
        }),
      },
      {
        actor_id: null,
        actor_email: 'cli:ops',
        target_type: 'order',
        before: expect.objectContaining({ status: 'processing', appliedSats: '0' }),
        after: expect.objectContaining({
          status: 'complete',
          appliedSats: order.sats.toString(),
        }),
      },
    ]);
    expect(await moneyCheck(t)).toEqual([]);
  });

  it('says when a check finds nothing new, and writes no audit entry for it', async () => {
    const order = await newOrder();
    const before = await sqlCount(t, 'SELECT count(*) AS n FROM audit_log');
    const checked = await cli(t, ['check-payments', '--order', order.id]);
    expect(checked).toMatchObject({
      code: 0,
      out: [
        lineFor(order, {
          from: 'assigned',
          to: 'assigned',
          changed: false,
        }),
      ],
    });
    expect(await sqlCount(t, 'SELECT count(*) AS n FROM audit_log')).toBe(before);
  });

  it('puts a second payment to a paid order on a refund, and says so', async () => {
    const order = await newOrder();
    t.chain.pay(order.address, order.sats, { confirmed: true });
    expect((await cli(t, ['check-payments', '--order', order.id])).code).toBe(0);
    t.chain.pay(order.address, 5_000, { confirmed: true });
    const again = await cli(t, ['check-payments', '--order', order.id]);
    expect(again.out).toEqual([
      lineFor(order, {
        from: 'complete',
        to: 'complete',
        seenSats: (order.sats + 5_000n).toString(),
        confirmedSats: (order.sats + 5_000n).toString(),
        refundedSats: '5000',
      }),
    ]);
    expect(await refundsOfOrder(t, order.id)).toEqual([
      { state: 'awaiting_address', reason: 'excess', amount_sats: '5000' },
    ]);
    expect(await rechecks(order.id)).toHaveLength(2);
    expect(await moneyCheck(t)).toEqual([]);
  });

  it('checks every open order with --all, one line each; completed orders are left out', async () => {
    await t.database.pool.query("UPDATE payment_orders SET created_at = now() - interval '8 days'");
    const paying = await newOrder();
    const waiting = await newOrder();
    t.chain.pay(paying.address, paying.sats, { confirmed: true });

    const all = await cli(t, ['check-payments', '--all']);
    expect(all.code).toBe(0);
    expect(all.out).toHaveLength(2);
    expect(all.out).toContain(
      lineFor(paying, {
        from: 'assigned',
        to: 'complete',
        seenSats: paying.sats.toString(),
        confirmedSats: paying.sats.toString(),
        appliedSats: paying.sats.toString(),
      }),
    );
    expect(all.out).toContain(
      lineFor(waiting, {
        from: 'assigned',
        to: 'assigned',
        changed: false,
      }),
    );
    expect(await adRow(t, paying.adId)).toMatchObject({ paid: true });
    expect(await rechecks(paying.id)).toHaveLength(1);
    expect(await rechecks(waiting.id)).toEqual([]);

    // Now only the waiting one is open.
    expect((await cli(t, ['check-payments', '--all'])).out).toHaveLength(1);
    await t.database.pool.query("UPDATE payment_orders SET created_at = now() - interval '8 days'");
    expect(await cli(t, ['check-payments', '--all'])).toMatchObject({
      code: 0,
      out: [m.noOpenOrders],
    });
  });

  it('refuses when the chain does not answer, and leaves the order as it was', async () => {
    const order = await newOrder();
    t.chain.pay(order.address, order.sats);
    t.chain.failNext(1);
    const failed = await cli(t, ['check-payments', '--order', order.id]);
    expect(failed.code).toBe(1);
    expect(failed.out).toEqual([]);
    expect(failed.err).toHaveLength(1);
    expect(failed.err[0]).toMatch(
      new RegExp(`^${cliMessages.refused(`order ${order.id} could not be checked`)}`),
    );
    expect(await orderRow(t, order.address)).toMatchObject({ status: 'assigned' });
    expect(await rechecks(order.id)).toEqual([]);

    t.chain.failNext(1);
    const all = await cli(t, ['check-payments', '--all']);
    expect(all.code).toBe(1);
    expect(all.err.at(-1)).toBe(cliMessages.refused(m.someFailed(1, 1)));
  });

  it('refuses an unknown order; answers a wrong choice of options with exit 2', async () => {
    const before = await sqlCount(t, 'SELECT count(*) AS n FROM audit_log');
    const unknownId = randomUUID();
    expect(await cli(t, ['check-payments', '--order', unknownId])).toMatchObject({
      code: 1,
      out: [],
      err: [cliMessages.refused(m.noSuchOrder(unknownId))],
    });
    const usage = [m.orderOrAll, cliMessages.commandHelpHint('check-payments')];
    expect(await cli(t, ['check-payments'])).toMatchObject({ code: 2, err: usage });
    expect(await cli(t, ['check-payments', '--order', unknownId, '--all'])).toMatchObject({
      code: 2,
      err: usage,
    });
    expect(await cli(t, ['check-payments', '--order', 'order-1'])).toMatchObject({
      code: 2,
      err: [cliMessages.optionProblem('order', cliMessages.idInvalid), expect.any(String)],
    });
    expect((await cli(t, ['check-payments', '--all', 'yes'])).code).toBe(2);
    expect(await sqlCount(t, 'SELECT count(*) AS n FROM audit_log')).toBe(before);
  });
});
