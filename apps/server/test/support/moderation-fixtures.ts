import { randomUUID } from 'node:crypto';
import { reportReasons, type ReportReasonCode } from '@adboard/shared';
import { checkOrder } from '../../src/modules/payments/payment-watcher.js';
import { createAd } from './ads.js';
import { satsOf } from './payments.js';
import type { TestApp } from './test-app.js';
import { call } from './test-app.js';

/**
 * An ad put under review as a submission would leave it, `submittedHoursAgo`
 * before now, so the queue's deadlines are known. Overrides go to the form.
 */
export async function pendingAd(
  t: TestApp,
  session: string,
  options: {
    type?: 'free' | 'free_verified' | 'paid';
    submittedHoursAgo?: number;
    overrides?: Record<string, unknown>;
    siteId?: string;
  } = {},
): Promise<string> {
  const type = options.type ?? 'free_verified';
  // A free ad with a link needs one of its own (one ad per backlink).
  const backlink = type === 'free' ? { backlink: `https://${randomUUID()}.example/links` } : {};
  const { postId: adId } = await createAd(t.app, {
    session,
    type,
    overrides: { ...backlink, ...options.overrides },
  });
  await t.database.pool.query(
    `UPDATE ads SET status = 'pending',
       submitted_at = now() - make_interval(secs => $2::double precision * 3600),
       paid = $3, site_id = coalesce($4, site_id)
     WHERE id = $1`,
    [adId, options.submittedHoursAgo ?? 0, type === 'paid', options.siteId ?? null],
  );
  return adId;
}

/** A visitor's report of an ad, as the public form stores it, `hoursAgo` before now. */
export async function insertReport(
  t: TestApp,
  adId: string,
  reason: ReportReasonCode,
  options: { hoursAgo?: number; details?: string } = {},
): Promise<string> {
  const priority = reportReasons.find((r) => r.code === reason)?.priority ?? 2;
  const { rows } = await t.database.pool.query<{ id: string }>(
    `INSERT INTO ad_reports (ad_id, reason, details, priority, reporter_hash, created_at)
     VALUES ($1, $2, $3, $4, 'test-reporter',
             now() - make_interval(secs => $5::double precision * 3600))
     RETURNING id`,
    [adId, reason, options.details ?? '', priority, options.hoursAgo ?? 0],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('report insert returned no row');
  return id;
}

/**
 * A VIP ad paid in full on the fake chain and checked: the payment completes
 * it and sends it to review, its 30 paid days held until it is approved.
 */
export async function paidAdWithMoney(
  t: TestApp,
  session: string,
): Promise<{ postId: string; orderId: string }> {
  const { postId: adId } = await createAd(t.app, { session, type: 'paid' });
  const issued = await call(t.app, 'GET', `/payment/address/BTC/${adId}/paid/DAYS_30`, {
    headers: { session },
  });
  if (issued.status !== 200) throw new Error(`address answered ${issued.status}: ${issued.text}`);
  const { address, amountCrypto } = issued.json as { address: string; amountCrypto: string };
  t.chain.pay(address, satsOf(amountCrypto), { confirmed: true });
  const { rows } = await t.database.pool.query<{ id: string }>(
    'SELECT id FROM payment_orders WHERE address = $1',
    [address],
  );
  const orderId = rows[0]?.id;
  if (!orderId) throw new Error(`no order for ${address}`);
  await checkOrder(t.paymentDeps, orderId);
  return { postId: adId, orderId };
}

/** Headers of a session, for the admin calls. */
export function as(session: string): { headers: Record<string, string> } {
  return { headers: { session } };
}
