import { moderationMessages, type AdminRefund, type Report } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { adRow, createAd, expectErrorBody } from './support/ads.js';
import { makeAdPublic, signedInWithRole } from './support/moderation.js';
import { as, insertReport, paidAdWithMoney } from './support/moderation-fixtures.js';
import { fiatAtRate } from '../src/modules/payments/amounts.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

describe('moderators work through reports; admins mark refunds sent', () => {
  let t: TestApp;
  let advertiser: string;
  let moderator: string;
  let admin: string;
  const email = 'adv@example.com';

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    advertiser = (await registerVerified(t.app, email, 'a long enough passphrase')).token;
    moderator = (await signedInWithRole(t, 'mod@example.com', 'moderator')).token;
    admin = (await signedInWithRole(t, 'admin@example.com', 'admin')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists open reports most urgent first and dismisses one, leaving the ad public', async () => {
    const { postId: adId } = await createAd(t.app, { session: advertiser });
    await makeAdPublic(t, adId);
    const other = await insertReport(t, adId, 'other', { hoursAgo: 3, details: 'Odd text' });
    const trafficking = await insertReport(t, adId, 'trafficking', { hoursAgo: 1 });

    const open = await call(t.app, 'GET', '/api/admin/reports', as(moderator));
    expect(open.status).toBe(200);
    const page = open.json as Page<Report>;
    expect(page.items.map((r) => r.id)).toEqual([trafficking, other]);
    expect(page.items[1]).toMatchObject({
      postId: adId,
      adTitle: 'Evening companion in Las Vegas',
      reason: 'other',
      details: 'Odd text',
      priority: 2,
      resolvedAt: null,
      resolution: null,
    });
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 50 });

    const dismissed = await call(t.app, 'POST', `/api/admin/reports/${other}/dismiss`, {
      ...as(moderator),
      body: { note: 'Nothing wrong with the text.' },
    });
    expect(dismissed.json).toEqual({ success: true });
    const again = await call(t.app, 'POST', `/api/admin/reports/${other}/dismiss`, {
      ...as(moderator),
      body: {},
    });
    expectErrorBody(again, 409);
    expect(again.json).toMatchObject({ error: moderationMessages.reportResolved });
    expect(await adRow(t, adId)).toMatchObject({ status: 'active' });

    const resolved = (await call(t.app, 'GET', '/api/admin/reports?state=resolved', as(moderator)))
      .json as Page<Report>;
    expect(resolved.items).toEqual([
      expect.objectContaining({ id: other, resolution: 'dismissed' }),
    ]);
    const { rows } = await t.database.pool.query(
      "SELECT actor_email, reason, after FROM audit_log WHERE action = 'report.dismiss' AND target_id = $1",
      [other],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        actor_email: 'mod@example.com',
        reason: 'Nothing wrong with the text.',
        after: expect.objectContaining({ adId: adId, resolution: 'dismissed' }),
      }),
    ]);
    expectErrorBody(
      await call(t.app, 'POST', '/api/admin/reports/00000000-0000-4000-8000-000000000009/dismiss', {
        ...as(moderator),
        body: {},
      }),
      404,
    );
  });

  it('marks a refund sent once the payer gave an address, and only then', async () => {
    const { postId: adId } = await paidAdWithMoney(t, advertiser);
    await call(t.app, 'POST', `/api/admin/posts/${adId}/reject`, {
      ...as(moderator),
      body: { code: 'illegal_or_scam', reason: 'Phishing link.' },
    });
    const list = async (query = '') =>
      (await call(t.app, 'GET', `/api/admin/refunds${query}`, as(moderator)))
        .json as Page<AdminRefund>;
    const [refund] = (await list()).items;
    // Rejection offers the refund; it is asked for through the link of the mail.
    expect(refund).toMatchObject({
      postId: adId,
      state: 'offered',
      refundAddress: null,
      sentTxid: null,
    });
    // The refunded sats in the site's currency, at the order's locked rate (issue 16).
    const { rows: orders } = await t.database.pool.query<{ rate: string; currency: string }>(
      'SELECT rate, currency FROM payment_orders WHERE id = $1',
      [refund?.orderId],
    );
    const [order] = orders;
    expect(refund?.currency).toBe(order?.currency);
    expect(refund?.amountFiat).toBe(
      fiatAtRate(BigInt(refund?.amountSats ?? '0'), order?.rate ?? ''),
    );
    expect(refund?.amountFiat).toMatch(/^\d+\.\d{2}$/);
    const id = refund?.id ?? '';
    const txid = 'AB'.repeat(32);

    const early = await call(t.app, 'POST', `/api/admin/refunds/${id}/sent`, {
      ...as(admin),
      body: { txid },
    });
    expectErrorBody(early, 409);
    expect(early.json).toMatchObject({ error: moderationMessages.refundNotReady });

    // The payer gives the address through the mailed link.
    const mails = await readOutbox(t.app, email);
    const link = mails.map((m) => m.text.match(/http:\/\/\S+\/refund\?\S+/)?.[0]).find(Boolean);
    const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
    const address = t.config.bitcoin.account.receiveAddress(999_999);
    const given = await call(t.app, 'POST', '/api/refund/address', { body: { token, address } });
    expect(given.json).toEqual({ success: true });
    expect((await list('?state=ready')).items.map((r) => r.id)).toEqual([id]);
    expect(await adRow(t, adId)).toMatchObject({ paid: false, status: 'payment_pending' });
    const board = await call(t.app, 'GET', '/api/admin/dashboard', as(moderator));
    expect(board.json).toMatchObject({ refundsToSend: 1 });

    const byModerator = await call(t.app, 'POST', `/api/admin/refunds/${id}/sent`, {
      ...as(moderator),
      body: { txid },
    });
    expectErrorBody(byModerator, 403);

    const sent = await call(t.app, 'POST', `/api/admin/refunds/${id}/sent`, {
      ...as(admin),
      body: { txid },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({
      success: true,
      refund: { id, state: 'sent', refundAddress: address, sentTxid: txid.toLowerCase() },
    });
    expect((sent.json as { refund: AdminRefund }).refund.sentAt).not.toBeNull();
    expectErrorBody(
      await call(t.app, 'POST', `/api/admin/refunds/${id}/sent`, { ...as(admin), body: { txid } }),
      409,
    );
    const { rows } = await t.database.pool.query(
      "SELECT actor_email, before, after FROM audit_log WHERE action = 'refund.sent' AND target_id = $1",
      [id],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        actor_email: 'admin@example.com',
        before: expect.objectContaining({ state: 'ready' }),
        after: expect.objectContaining({ state: 'sent', sentTxid: txid.toLowerCase() }),
      }),
    ]);
    expect((await list('?state=sent')).items.map((r) => r.id)).toEqual([id]);
  });
});
