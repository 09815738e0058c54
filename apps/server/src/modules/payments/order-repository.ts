import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { paymentOrders } from '../../db/schema.js';
import type { OrderRow } from './order-presenter.js';

/** The order of this ad paid to this address, if the ad ever had one. */
export async function findOrderOfAd(
  db: Db,
  adId: number,
  address: string,
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.adId, adId), eq(paymentOrders.address, address)));
  return order;
}
