import type { PaymentAddress, PaymentStatusResult } from '@adboard/shared';
import { expect } from 'vitest';
import { checkOrder } from '../../src/modules/payments/payment-watcher.js';
import type { OrderRow } from '../../src/modules/payments/order-presenter.js';
import { credentials } from './ads.js';
import type { TestApp } from './test-app.js';
import { call } from './test-app.js';

/** Who asks for an ad's payment: a session, an edit token, and the site's host. */
export interface Payer {
  session?: string;
  editToken?: string;
  host?: string;
}

function headersOf(who: Payer): Record<string, string> {
  return { ...credentials(who), ...(who.host ? { host: who.host } : {}) };
}

/** GET /payment/address/BTC/{postId}/{product}/{optionId}, as it answers. */
export async function requestAddress(
  t: TestApp,
  who: Payer,
  adId: string,
  product: string,
  optionId: string,
) {
  return call(t.app, 'GET', `/payment/address/BTC/${adId}/${product}/${optionId}`, {
    headers: headersOf(who),
  });
}

/** The same call, failing the test unless an address is issued. */
export async function issueAddress(
  t: TestApp,
  who: Payer,
  adId: string,
  product = 'paid',
  optionId = 'DAYS_30',
): Promise<PaymentAddress> {
  const res = await requestAddress(t, who, adId, product, optionId);
  if (res.status !== 200) throw new Error(`address answered ${res.status}: ${res.text}`);
  return res.json as PaymentAddress;
}

export async function getStatus(t: TestApp, who: Payer, adId: string, address: string) {
  return call(t.app, 'GET', `/payment/status/BTC/${adId}/${address}`, {
    headers: headersOf(who),
  });
}

export async function postStatus(
  t: TestApp,
  who: Payer,
  adId: string,
  address: string,
  status: string,
) {
  return call(t.app, 'POST', `/payment/status/BTC/${adId}/${address}`, {
    headers: headersOf(who),
    body: { status },
  });
}

/** GET /payment/status, failing the test unless it answers 200. */
export async function statusOf(
  t: TestApp,
  who: Payer,
  adId: string,
  address: string,
): Promise<PaymentStatusResult> {
  const res = await getStatus(t, who, adId, address);
  expect(res.status).toBe(200);
  return res.json as PaymentStatusResult;
}

/** '0.00023334' → 23334n, exactly (no floating point). */
export function satsOf(btc: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(btc);
  if (!match) throw new Error(`not a BTC amount: ${btc}`);
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
}

/** ceil(fiat × 10^8 / rate) for decimal texts, exactly: the sats an order must ask for. */
export function expectedSats(fiat: string, rate: string): bigint {
  const scale = (text: string): { units: bigint; decimals: number } => {
    const [whole = '0', fraction = ''] = text.split('.');
    return { units: BigInt(whole + fraction), decimals: fraction.length };
  };
  const f = scale(fiat);
  const r = scale(rate);
  // fiat × 10^8 / rate = f.units × 10^(8 + r.decimals) / (r.units × 10^f.decimals)
  const numerator = f.units * 10n ** BigInt(8 + r.decimals);
  const denominator = r.units * 10n ** BigInt(f.decimals);
  return (numerator + denominator - 1n) / denominator;
}

/** The order of an address, as stored. */
export async function orderRow(t: TestApp, address: string): Promise<OrderRow> {
  const order = await t.database.db.query.paymentOrders.findFirst({
    where: (o, { eq }) => eq(o.address, address),
  });
  if (!order) throw new Error(`no order for ${address}`);
  return order;
}

/**
 * Ends the 20 minutes of an order's address now. While an address is open no
 * other option of the same product can be ordered for the ad (409).
 */
export async function expireOrder(t: TestApp, address: string): Promise<void> {
  await t.database.pool.query(
    "UPDATE payment_orders SET expires_at = now() - interval '1 second' WHERE address = $1",
    [address],
  );
}

/** Checks the order of an address against the chain now, as the watcher would. */
export async function checkAddress(t: TestApp, address: string): Promise<OrderRow> {
  const order = await orderRow(t, address);
  const checked = await checkOrder(t.paymentDeps, order.id);
  if (!checked) throw new Error(`order ${order.id} vanished`);
  return checked;
}

/** Every status change of the order, oldest first, as 'from→to' ('∅' for none). */
export async function historyOf(t: TestApp, orderId: string): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ from_status: string | null; to_status: string }>(
    'SELECT from_status, to_status FROM payment_order_history WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return rows.map((r) => `${r.from_status ?? '∅'}→${r.to_status}`);
}

/** The outputs stored for an order, by outpoint. */
export async function outputsOf(
  t: TestApp,
  orderId: string,
): Promise<{ txid: string; vout: number; sats: string; confirmed: boolean; gone: boolean }[]> {
  const { rows } = await t.database.pool.query<{
    txid: string;
    vout: number;
    sats: string;
    confirmed: boolean;
    gone: boolean;
  }>(
    `SELECT txid, vout, sats::text AS sats, confirmed, gone_at IS NOT NULL AS gone
       FROM payment_outputs WHERE order_id = $1 ORDER BY txid, vout`,
    [orderId],
  );
  return rows;
}

/** Makes every order due now, so a watcher's tick picks them up. */
export async function makeAllDue(t: TestApp): Promise<void> {
  await t.database.pool.query('UPDATE payment_orders SET next_check_at = now()');
}

/** The refund records of an order, oldest first: state, why, and the amount. */
export async function refundsOfOrder(t: TestApp, orderId: string) {
  const { rows } = await t.database.pool.query<{
    state: string;
    reason: string;
    amount_sats: string;
  }>(
    'SELECT state, reason, amount_sats::text FROM refunds WHERE order_id = $1 ORDER BY created_at',
    [orderId],
  );
  return rows;
}

/**
 * The money check of docs/operations.md, as written there: the completed orders
 * whose confirmed money is not what they applied plus what they owe or paid back.
 * No rows: every satoshi is accounted for.
 */
export const moneyCheckSql = `SELECT id FROM payment_orders o WHERE status = 'complete' AND confirmed_sats <>
  applied_sats + coalesce((SELECT sum(amount_sats) FROM refunds r WHERE r.order_id = o.id
  AND state IN ('awaiting_address','ready','sent')), 0)`;

/** The ids the money check lists. */
export async function moneyCheck(t: TestApp): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ id: string }>(moneyCheckSql);
  return rows.map((r) => r.id);
}
