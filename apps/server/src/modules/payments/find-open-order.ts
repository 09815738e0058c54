import { openPaymentOrderSchema, type OpenPaymentOrder } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import type { AdContext } from '../ads/ad-deps.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { presentAddress, type OrderRow } from './order-presenter.js';
import { findOpenOrderOfAd } from './order-repository.js';

/**
 * The ad's open order, for the payment page on load: its newest order that is
 * not complete and whose address has not expired (by the database's clock), or
 * null. Asked like every payment call: by the ad's owner or with its edit token.
 * A reload or a return to the page shows this address instead of offering a
 * second one to pay.
 */
export async function findOpenOrder(
  db: Db,
  ctx: AdContext,
  adId: string,
): Promise<OrderRow | null> {
  const ad = await loadManagedAd(db, ctx, adId, { action: 'pay' });
  return (await findOpenOrderOfAd(db, ad.id)) ?? null;
}

/** The address answer of an open order, with the product and option it pays for. */
export function presentOpenOrder(order: OrderRow, label: string): OpenPaymentOrder {
  return {
    ...presentAddress(order, label),
    product: order.product,
    optionId: openPaymentOrderSchema.shape.optionId.parse(order.optionId),
  };
}
