import { randomUUID } from 'node:crypto';
import {
  cliMessages,
  cliRefundMessages as m,
  formatBtc,
  moderationMessages,
  type RefundReason,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOrder } from '../../src/modules/payments/payment-watcher.js';
import { registerVerified, relaxedLimiter, sqlCount } from '../support/accounts.js';
import { cli } from '../support/cli.js';
import { signedInWithRole } from '../support/moderation.js';
import { as, paidAdWithMoney } from '../support/moderation-fixtures.js';
import { readOutbox } from '../support/outbox.js';
import { moneyCheck } from '../support/payments.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';

interface StoredRefund {
  id: string;
  state: string;
  amountSats: bigint;
  refundAddress: string | null;
  adId: string;
  orderId: string;
  createdAt: Date;
  reason: RefundReason;
  sentTxid: string | null;
}

describe('the operator lists the refunds due and records them sent', () => {
  let t: TestApp;
  let advertiser: string;
  let moderator: string;
  const email = 'refunds-adv@example.com';
  /** A rejected ad's payment, asked for, with the payer's address: ready to send. */
  let ready: StoredRefund;
  /** A second payment to a paid order's address: owed, no address yet. */
  let excess: StoredRefund;

  async function refundOf(orderId: string): Promise<StoredRefund> {
    const { rows } = await t.database.pool.query<{
      id: string;
      state: string;
      amount_sats: string;
      refund_address: string | null;
      ad_id: string;
      order_id: string;
      created_at: Date;
      reason: RefundReason;
      sent_txid: string | null;
    }>('SELECT * FROM refunds WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1', [orderId]);
    const row = rows[0];
    if (!row) throw new Error(`no refund for order ${orderId}`);
    return {
      id: row.id,
      state: row.state,
      amountSats: BigInt(row.amount_sats),
      refundAddress: row.refund_address,
      adId: String(row.ad_id),
      orderId: row.order_id,
      createdAt: row.created_at,
      reason: row.reason,
      sentTxid: row.sent_txid,
    };
  }

  const lineOf = (refund: StoredRefund) =>
    m.refundLine({
      id: refund.id,
      btc: formatBtc(refund.amountSats),
      sats: refund.amountSats.toString(),
      address: refund.refundAddress,
      adId: refund.adId,
      orderId: refund.orderId,
      since: refund.createdAt.toISOString(),
      reason: refund.reason,
    });

  const auditCount = () => sqlCount(t, 'SELECT count(*) AS n FROM audit_log');

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    advertiser = (await registerVerified(t.app, email, 'a long enough passphrase')).token;
    moderator = (await signedInWithRole(t, 'refunds-mod@example.com', 'moderator')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('says when no refund is due', async () => {
    expect(await cli(t, ['refunds'])).toMatchObject({ code: 0, out: [m.none], err: [] });
  });

  it('lists what is owed oldest first, with amount, address, ad, order, since when and why', async () => {
    // A rejected VIP ad: its payment is offered back, and the payer asks for it.
    const rejected = await paidAdWithMoney(t, advertiser);
    const rejection = await call(t.app, 'POST', `/api/admin/posts/${rejected.postId}/reject`, {
      ...as(moderator),
      body: { code: 'illegal_or_scam', reason: 'Phishing link.' },
    });
    expect(rejection.status).toBe(200);
    // Only offered: the payer may keep the payment for a resubmission, so nothing is due.
    expect((await cli(t, ['refunds'])).out).toEqual([m.none]);
    const mails = await readOutbox(t.app, email);
    const link = mails
      .map((mail) => mail.text.match(/http:\/\/\S+\/refund\?\S+/)?.[0])
      .find(Boolean);
    const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
    const address = t.config.bitcoin.account.receiveAddress(888_888);
    const given = await call(t.app, 'POST', '/api/refund/address', { body: { token, address } });
    expect(given.json).toEqual({ success: true });
    ready = await refundOf(rejected.orderId);
    expect(ready).toMatchObject({ state: 'ready', refundAddress: address, reason: 'rejected' });

    // A paid order's address paid again: the second payment is owed back.
    const paid = await paidAdWithMoney(t, advertiser);
    const { rows } = await t.database.pool.query<{ address: string }>(
      'SELECT address FROM payment_orders WHERE id = $1',
      [paid.orderId],
    );
    t.chain.pay(rows[0]?.address ?? '', 12_345, { confirmed: true });
    await checkOrder(t.paymentDeps, paid.orderId);
    excess = await refundOf(paid.orderId);
    expect(excess).toMatchObject({
      state: 'awaiting_address',
      amountSats: 12_345n,
      refundAddress: null,
      reason: 'excess',
    });

    const listed = await cli(t, ['refunds']);
    expect(listed).toMatchObject({ code: 0, err: [] });
    expect(listed.out).toEqual([lineOf(ready), lineOf(excess)]);
    // To the satoshi, in BTC and in sats; the reason in words.
    expect(listed.out[1]).toContain('0.00012345 BTC (12345 sats)');
    expect(listed.out[1]).toContain(m.noAddressYet);
    expect(listed.out[0]).toContain(`to ${address}`);
    expect(listed.out[0]).toContain(`ad ${rejected.postId}, order ${rejected.orderId}`);
    expect(listed.out[0]).toContain(m.refundReasons.rejected);
  });

  it('records a refund sent as the operator, audited; it leaves the list, every satoshi still accounted for', async () => {
    const txid = 'AB'.repeat(32);
    const sent = await cli(t, ['refund-sent', '--id', ready.id, '--txid', txid]);
    expect(sent).toMatchObject({
      code: 0,
      err: [],
      out: [
        m.sent({
          id: ready.id,
          btc: formatBtc(ready.amountSats),
          sats: ready.amountSats.toString(),
          address: ready.refundAddress ?? '',
          txid: txid.toLowerCase(),
        }),
      ],
    });
    expect(await refundOf(ready.orderId)).toMatchObject({
      state: 'sent',
      sentTxid: txid.toLowerCase(),
    });
    const { rows } = await t.database.pool.query(
      `SELECT actor_id, actor_email, action, target_type, before, after FROM audit_log
        WHERE target_id = $1`,
      [ready.id],
    );
    expect(rows).toEqual([
      {
        actor_id: null,
        actor_email: 'cli:ops',
        action: 'refund.sent',
        target_type: 'refund',
        before: expect.objectContaining({ state: 'ready' }),
        after: expect.objectContaining({ state: 'sent', sentTxid: txid.toLowerCase() }),
      },
    ]);
    expect((await cli(t, ['refunds'])).out).toEqual([lineOf(excess)]);
    expect(await moneyCheck(t)).toEqual([]);
  });

  it('refuses a refund already sent, one without an address and an unknown id, changing nothing', async () => {
    const before = await auditCount();
    const txid = 'cd'.repeat(32);
    const again = await cli(t, ['refund-sent', '--id', ready.id, '--txid', txid]);
    expect(again).toMatchObject({
      code: 1,
      out: [],
      err: [cliMessages.refused(moderationMessages.refundAlreadySent)],
    });
    const early = await cli(t, ['refund-sent', '--id', excess.id, '--txid', txid]);
    expect(early).toMatchObject({
      code: 1,
      err: [cliMessages.refused(moderationMessages.refundNotReady)],
    });
    const unknownId = randomUUID();
    const unknown = await cli(t, ['refund-sent', '--id', unknownId, '--txid', txid]);
    expect(unknown).toMatchObject({
      code: 1,
      err: [cliMessages.refused(m.noSuchRefund(unknownId))],
    });
    expect(await auditCount()).toBe(before);
    expect(await refundOf(ready.orderId)).toMatchObject({ sentTxid: 'ab'.repeat(32) });
    expect(await refundOf(excess.orderId)).toMatchObject({ state: 'awaiting_address' });
  });

  it('answers a malformed transaction id or refund id with exit 2, before anything changes', async () => {
    const before = await auditCount();
    const shortTxid = await cli(t, ['refund-sent', '--id', excess.id, '--txid', 'abc123']);
    expect(shortTxid).toMatchObject({
      code: 2,
      out: [],
      err: [
        cliMessages.optionProblem('txid', moderationMessages.txidInvalid),
        cliMessages.commandHelpHint('refund-sent'),
      ],
    });
    const notHex = await cli(t, ['refund-sent', '--id', excess.id, '--txid', 'zz'.repeat(32)]);
    expect(notHex.code).toBe(2);
    const noTxid = await cli(t, ['refund-sent', '--id', excess.id]);
    expect(noTxid).toMatchObject({
      code: 2,
      err: [
        cliMessages.optionProblem('txid', moderationMessages.txidInvalid),
        cliMessages.commandHelpHint('refund-sent'),
      ],
    });
    const badId = await cli(t, ['refund-sent', '--id', '42', '--txid', 'ab'.repeat(32)]);
    expect(badId).toMatchObject({
      code: 2,
      err: [cliMessages.optionProblem('id', cliMessages.idInvalid), expect.any(String)],
    });
    const noId = await cli(t, ['refund-sent', '--txid', 'ab'.repeat(32)]);
    expect(noId.err[0]).toBe(cliMessages.optionProblem('id', cliMessages.required));
    const listOption = await cli(t, ['refunds', '--state', 'ready']);
    expect(listOption).toMatchObject({
      code: 2,
      err: [cliMessages.unknownOption('--state'), cliMessages.commandHelpHint('refunds')],
    });
    expect(await auditCount()).toBe(before);
    expect(await refundOf(excess.orderId)).toMatchObject({ state: 'awaiting_address' });
  });
});
