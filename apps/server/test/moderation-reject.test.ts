import {
  lifecycleMessages,
  mailMessages,
  sayAllIn,
  rejectionReasons,
  sayIn,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { adRow, createAd, expectErrorBody } from './support/ads.js';
import { makeAdPublic, signedInWithRole } from './support/moderation.js';
import { as, insertReport, paidAdWithMoney, pendingAd } from './support/moderation-fixtures.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/** The moderation mails' texts in English, as an English reader gets them. */
const moderationMail = sayAllIn('en', mailMessages.moderation);

describe('a moderator rejects an ad', () => {
  let t: TestApp;
  let advertiser: string;
  let moderator: { token: string; userId: string };
  const email = 'adv@example.com';

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    advertiser = (await registerWithAuthenticator(t, email, 'a long enough passphrase')).token;
    moderator = await signedInWithRole(t, 'mod@example.com', 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const reject = (id: string, body: unknown) =>
    call(t.app, 'POST', `/api/admin/posts/${id}/reject`, { ...as(moderator.token), body });

  const auditOf = async (id: string) => {
    const { rows } = await t.database.pool.query<{
      action: string;
      reason: string | null;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>("SELECT * FROM audit_log WHERE target_type = 'ad' AND target_id = $1 ORDER BY id", [id]);
    return rows;
  };

  it('tells the advertiser it was not approved, why, and how to fix it', async () => {
    const id = await pendingAd(t, advertiser);
    const reason = 'The sign in your verification photo has no date.';
    const res = await reject(id, { code: 'verification_photo', reason });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ success: true, status: 'rejected', refunds: 0 });

    expect(await adRow(t, id)).toMatchObject({
      status: 'rejected',
      approved: false,
      rejection_code: 'verification_photo',
      rejection_reason: reason,
      reviewed_by: moderator.userId,
    });

    const [mail] = await readOutbox(t.app, email);
    const label = rejectionReasons.find((r) => r.code === 'verification_photo')?.label ?? '';
    expect(mail?.subject).toContain(moderationMail.rejectedSubject({ adId: id }));
    expect(mail?.text).toContain(moderationMail.rejectedBody({ adId: id }));
    expect(mail?.text).toContain(
      `${moderationMail.rejectedBody({ adId: id })}\n\n${label}\n\n${reason}\n\n${moderationMail.rejectedFix}`,
    );
    expect(mail?.text).toContain(reason);
    expect(mail?.text).toContain(moderationMail.rejectedFix);
    expect(mail?.text).toContain(`http://localhost:3000/edit-post?id=${id}&edit=auth`);

    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'ad.reject',
      reason: `${label}: ${reason}`,
      before: { status: 'pending', rejectionCode: null },
      after: { status: 'rejected', rejectionCode: 'verification_photo', refundsOffered: 0 },
    });
  });

  it('needs no code: the free text is the reason', async () => {
    const id = await pendingAd(t, advertiser);
    const res = await reject(id, { reason: 'Please write the title in English.' });
    expect(res.status).toBe(200);
    expect(await adRow(t, id)).toMatchObject({ rejection_code: null });
    const [mail] = await readOutbox(t.app, email);
    expect(mail?.text).toContain('Please write the title in English.');
    expect(mail?.text).toContain(
      `${moderationMail.rejectedBody({ adId: id })}\n\nPlease write the title in English.\n\n`,
    );
  });

  it('takes a public ad down after a report and answers its open reports', async () => {
    const { postId: adId } = await createAd(t.app, { session: advertiser });
    await makeAdPublic(t, adId);
    await insertReport(t, adId, 'underage');
    await insertReport(t, adId, 'scam');
    const res = await reject(adId, { code: 'age_unclear', reason: 'Reported as under age.' });
    expect(res.status).toBe(200);
    expect(await adRow(t, adId)).toMatchObject({ status: 'rejected', approved: false });
    const { rows } = await t.database.pool.query<{ resolution: string; resolved_by: string }>(
      'SELECT resolution, resolved_by FROM ad_reports WHERE ad_id = $1',
      [adId],
    );
    expect(rows).toEqual([
      { resolution: 'ad_removed', resolved_by: moderator.userId },
      { resolution: 'ad_removed', resolved_by: moderator.userId },
    ]);
    expect((await auditOf(adId))[0]?.after).toMatchObject({ reportsResolved: 2 });
  });

  it('keeps the payment of a rejected paid ad and offers its refund in the mail', async () => {
    const { postId: adId, orderId } = await paidAdWithMoney(t, advertiser);
    const res = await reject(adId, { code: 'illegal_or_scam', reason: 'Phishing link.' });
    expect(res.json).toEqual({ success: true, status: 'rejected', refunds: 1 });
    // Its paid days have not started: they stay held for a resubmission.
    expect(await adRow(t, adId)).toMatchObject({ status: 'rejected', paid: true, paid_days: 30 });

    const { rows } = await t.database.pool.query<{
      state: string;
      amount_sats: string;
      received_sats: string;
    }>(
      `SELECT r.state, r.amount_sats::text, o.received_sats::text
       FROM refunds r JOIN payment_orders o ON o.id = r.order_id WHERE r.order_id = $1`,
      [orderId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.state).toBe('offered');
    expect(rows[0]?.amount_sats).toBe(rows[0]?.received_sats);

    // One mail: not approved, the payment kept for a resubmission, and the refund link.
    const mails = await readOutbox(t.app, email);
    expect(mails.some((m) => m.subject.includes(`Refund for ad #${adId}`))).toBe(false);
    const rejection = mails.find((m) =>
      m.subject.includes(moderationMail.rejectedSubject({ adId })),
    );
    expect(rejection?.text).toContain(moderationMail.rejectedPaymentKept);
    expect(rejection?.text).toContain(`http://localhost:3000/edit-post?id=${adId}&edit=auth`);
    expect(rejection?.text).toMatch(/http:\/\/localhost:3000\/refund\?token=[\w-]{30,}/);
    expect(rejection?.text).not.toContain(moderationMail.rejectedFix);
    expect((await auditOf(adId))[0]?.after).toMatchObject({ refundsOffered: 1 });

    // Approved after all: the refund not yet sent is cancelled, the payer keeps the ad.
    const approved = await call(
      t.app,
      'POST',
      `/api/admin/posts/${adId}/approve`,
      as(moderator.token),
    );
    expect(approved.status).toBe(200);
    const after = await t.database.pool.query<{ state: string }>(
      'SELECT state FROM refunds WHERE order_id = $1',
      [orderId],
    );
    expect(after.rows[0]?.state).toBe('cancelled');
    expect((await auditOf(adId))[1]?.after).toMatchObject({ refundsCancelled: 1 });
  });

  it('refuses to approve a paid ad whose payer asked for the refund: it is unpaid again', async () => {
    const { postId: adId, orderId } = await paidAdWithMoney(t, advertiser);
    expect((await reject(adId, { reason: 'Duplicate of another ad.' })).status).toBe(200);
    // The payer follows the refund link of the rejection mail and gives an address.
    const mail = (await readOutbox(t.app, email)).find((m) =>
      m.subject.includes(moderationMail.rejectedSubject({ adId })),
    );
    const link = mail?.text.match(/http:\/\/\S+\/refund\?\S+/)?.[0];
    const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
    const given = await call(t.app, 'POST', '/api/refund/address', {
      body: { token, address: t.config.bitcoin.account.receiveAddress(999_998) },
    });
    expect(given.json).toEqual({ success: true });
    const refund = await t.database.pool.query<{ state: string }>(
      'SELECT state FROM refunds WHERE order_id = $1',
      [orderId],
    );
    expect(refund.rows).toEqual([{ state: 'ready' }]);
    // Refunded: unpaid, its held days gone, waiting for a new payment.
    const refunded = { status: 'payment_pending', paid: false, paid_days: 0, product: null };
    expect(await adRow(t, adId)).toMatchObject(refunded);

    const refused = await call(
      t.app,
      'POST',
      `/api/admin/posts/${adId}/approve`,
      as(moderator.token),
    );
    expectErrorBody(refused, 409);
    expect(refused.json).toMatchObject({ error: sayIn('en', lifecycleMessages.refused.approve) });
    expect(await adRow(t, adId)).toMatchObject(refunded);
    expect((await auditOf(adId)).map((e) => e.action)).toEqual(['ad.reject']);
  });

  it('links to the ad’s own site, whatever host the moderator uses', async () => {
    const id = await pendingAd(t, advertiser, { siteId: 'velvet' });
    expect((await reject(id, { reason: 'Please add a photo.' })).status).toBe(200);
    const [mail] = await readOutbox(t.app, email);
    expect(mail?.subject).toContain('Velvet Board');
    expect(mail?.text).toContain(`https://velvetboard.example/edit-post?id=${id}&edit=auth`);
  });

  it('answers 409 for an ad that cannot be rejected', async () => {
    const { postId: adId } = await createAd(t.app, { session: advertiser });
    const draft = await reject(adId, { reason: 'Not ready.' });
    expectErrorBody(draft, 409);
    expect(draft.json).toMatchObject({ error: sayIn('en', lifecycleMessages.refused.reject) });

    const id = await pendingAd(t, advertiser);
    expect((await reject(id, { reason: 'First time.' })).status).toBe(200);
    const second = await reject(id, { reason: 'Second time.' });
    expectErrorBody(second, 409);
    expect(second.json).toMatchObject({ error: sayIn('en', lifecycleMessages.refused.reject) });
    expect(await auditOf(id)).toHaveLength(1);
    expectErrorBody(await reject('999999', { reason: 'Nobody.' }), 404);
  });
});
