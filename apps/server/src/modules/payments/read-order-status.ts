import type pg from 'pg';
import type { Actor } from '../../domain/actor.js';
import { NotFoundError } from '../../domain/errors.js';
import { adMessages } from '@adboard/shared';
import { authorizeAd } from '../ad-lifecycle/ad-policy.js';
import { ownerBannedSqlOf } from '../ad-lifecycle/apply-ad-event.js';
import type { OrderStatusView } from './order-presenter.js';

interface StatusRow {
  status: OrderStatusView['status'];
  amount_sats: string;
  received_sats: string;
  expires_at: Date;
  ad_id: string;
  site_id: string;
  owner_id: string | null;
  deleted: boolean;
  owner_banned: boolean;
}

const statusSql = `SELECT o.status, o.amount_sats, o.received_sats, o.expires_at,
            a.id AS ad_id, a.site_id, a.owner_id,
            (a.status = 'deleted' OR a.deleted_at IS NOT NULL) AS deleted,
            ${ownerBannedSqlOf('a')} AS owner_banned
     FROM payment_orders o JOIN ads a ON a.id = o.ad_id
     WHERE o.ad_id = $1 AND o.address = $2`;

/**
 * The payment page polls this every 15 s, so it is one query: the order and
 * what the ad policy needs of its ad; the caller is the request's actor.
 */
export async function readOrderStatus(
  pool: pg.Pool,
  params: { postId: string; address: string; actor: Actor; siteId: string },
): Promise<OrderStatusView> {
  // A named statement: parsed and planned once per connection, however often it is polled.
  const { rows } = await pool.query<StatusRow>({
    name: 'payment_order_status',
    text: statusSql,
    values: [params.postId, params.address],
  });
  const row = rows[0];
  if (!row) throw new NotFoundError(adMessages.wizard.notFound);
  authorizeAd(
    params.actor,
    {
      id: Number(row.ad_id),
      siteId: row.site_id,
      ownerId: row.owner_id,
      deleted: row.deleted,
      ownerBanned: row.owner_banned,
    },
    'pay',
    params.siteId,
  );
  return {
    status: row.status,
    amountSats: BigInt(row.amount_sats),
    receivedSats: BigInt(row.received_sats),
    expiresAt: row.expires_at,
  };
}
