import { adMessages } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../domain/actor.js';
import { NotFoundError } from '../../domain/errors.js';
import { authorizeAd } from '../ad-lifecycle/ad-policy.js';
import type { OrderStatusView } from './order-presenter.js';
import { findOrderStatus } from './order-repository.js';

/**
 * The payment page polls this every 15 s, so it is one query (a named statement,
 * parsed and planned once per connection): the order and what the ad policy
 * needs of its ad; the caller is the request's actor.
 */
export async function readOrderStatus(
  db: Db,
  params: { postId: string; address: string; actor: Actor; siteId: string },
): Promise<OrderStatusView> {
  const row = await findOrderStatus(db, params.postId, params.address);
  if (!row) throw new NotFoundError(adMessages.wizard.notFound);
  authorizeAd(
    params.actor,
    {
      id: Number(row.adId),
      siteId: row.siteId,
      ownerId: row.ownerId,
      deleted: row.deleted,
      ownerBanned: row.ownerBanned,
    },
    'pay',
    params.siteId,
  );
  return {
    status: row.status,
    amountSats: row.amountSats,
    receivedSats: row.receivedSats,
    expiresAt: row.expiresAt,
  };
}
