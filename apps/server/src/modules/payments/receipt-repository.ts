import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';

/**
 * A paid order, as SQL (`o` is the order): complete, and its money went to its ad.
 * An order that completed while its ad could not take it, or after part of its
 * money had gone back, put its money on a refund instead ('not_payable',
 * 'underpaid'; check-order.ts): it paid for nothing and has no receipt.
 */
const paidOrder: SQL = sql`o.completed_at IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.reason IN ('not_payable', 'underpaid'))`;

/** What a receipt is made of, as stored. */
export type ReceiptRow = {
  id: string;
  ad_id: string;
  site_id: string;
  product: 'paid' | 'premium';
  option_id: string;
  days: number;
  currency: string;
  amount_fiat: string;
  rate: string;
  /** Times are PostgreSQL's text of a timestamptz, as the driver gives them. */
  rate_at: string;
  amount_sats: string;
  address: string;
  completed_at: string;
  title: string;
  /** The owner's account email, or the ad's email when it has no owner. */
  email: string;
  /** Confirmed sats when the order (last) became complete. */
  paid_sats: string;
  /** The confirmed transactions that paid it then. */
  txids: string[];
};

/**
 * The paid order with this id, with its ad, where its mail goes, and what paid it
 * when it (last) became complete: the confirmed sats of that step of its history,
 * and the confirmed outputs first seen by then that still stand (money that
 * arrived later is not this order's payment, and goes back as an excess).
 */
export async function findReceiptRow(db: Db, orderId: string): Promise<ReceiptRow | undefined> {
  const { rows } = await db.execute<ReceiptRow>(sql`
    SELECT o.id, o.ad_id::text AS ad_id, o.site_id, o.product, o.option_id, o.days, o.currency,
           o.amount_fiat::text AS amount_fiat, o.rate::text AS rate, o.rate_at,
           o.amount_sats::text AS amount_sats, o.address, o.completed_at, a.title,
           coalesce(u.email, a.email) AS email, h.confirmed_sats::text AS paid_sats,
           coalesce((SELECT array_agg(DISTINCT p.txid ORDER BY p.txid) FROM payment_outputs p
                      WHERE p.order_id = o.id AND p.gone_at IS NULL AND p.confirmed
                        AND p.first_seen_at <= h.created_at), '{}') AS txids
    FROM payment_orders o
    JOIN ads a ON a.id = o.ad_id
    LEFT JOIN users u ON u.id = a.owner_id
    JOIN LATERAL (SELECT confirmed_sats, created_at FROM payment_order_history
                   WHERE order_id = o.id AND to_status = 'complete'
                     AND from_status IS DISTINCT FROM 'complete'
                   ORDER BY id DESC LIMIT 1) h ON true
    WHERE o.id = ${orderId} AND ${paidOrder}`);
  return rows[0];
}

/** The ids of the ad's paid orders, newest payment first. */
export async function listPaidOrderIds(db: Db, adId: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT o.id FROM payment_orders o
    WHERE o.ad_id = ${adId} AND ${paidOrder}
    ORDER BY o.completed_at DESC, o.id`);
  return rows.map((row) => row.id);
}
