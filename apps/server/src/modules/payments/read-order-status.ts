import { adMessages } from '@adboard/shared';
import type pg from 'pg';
import { ForbiddenError, NotFoundError } from '../../http/errors.js';
import { sameHash } from '../accounts/secrets.js';
import type { OrderStatusView } from './order-presenter.js';

interface StatusRow {
  status: OrderStatusView['status'];
  amount_sats: string;
  received_sats: string;
  expires_at: Date;
  ad_status: string;
  edit_token_hash: string | null;
  edit_token_expires_at: Date | null;
  session_owns_ad: boolean;
}

/**
 * The payment page polls this every 15 s, so it is one query: the order, its
 * ad, and whether the session is the ad's owner's (live, not banned). The
 * rule is the same as every ad call's: the owner, or the ad's own edit token.
 */
export async function readOrderStatus(
  pool: pg.Pool,
  params: {
    postId: string;
    address: string;
    sessionTokenHash: string | null;
    editTokenHash: string | null;
  },
): Promise<OrderStatusView> {
  const { rows } = await pool.query<StatusRow>(
    `SELECT o.status, o.amount_sats, o.received_sats, o.expires_at,
            a.status AS ad_status, a.edit_token_hash, a.edit_token_expires_at,
            EXISTS (
              SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
              WHERE s.token_hash = $3 AND s.user_id = a.owner_id AND s.revoked_at IS NULL
                AND s.expires_at > now() AND s.last_seen_at > now() - interval '7 days'
                AND u.banned_at IS NULL
            ) AS session_owns_ad
     FROM payment_orders o JOIN ads a ON a.id = o.ad_id
     WHERE o.ad_id = $1 AND o.address = $2`,
    [params.postId, params.address, params.sessionTokenHash ?? ''],
  );
  const row = rows[0];
  if (!row || row.ad_status === 'deleted') throw new NotFoundError(adMessages.wizard.notFound);
  const tokenOk =
    params.editTokenHash !== null &&
    row.edit_token_hash !== null &&
    (row.edit_token_expires_at === null || row.edit_token_expires_at.getTime() > Date.now()) &&
    sameHash(row.edit_token_hash, params.editTokenHash);
  if (!row.session_owns_ad && !tokenOk) throw new ForbiddenError(adMessages.access.forbidden);
  return {
    status: row.status,
    amountSats: BigInt(row.amount_sats),
    receivedSats: BigInt(row.received_sats),
    expiresAt: row.expires_at,
  };
}
