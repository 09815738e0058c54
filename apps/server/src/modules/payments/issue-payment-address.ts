import {
  adMessages,
  isPaymentProduct,
  paymentMessages,
  priceFor,
  pricingTier,
} from '@adboard/shared';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { paymentOrderHistory, paymentOrders } from '../../db/schema.js';
import { ConflictError, NotFoundError, RefusedError } from '../../domain/errors.js';
import type { AdContext } from '../ads/ad-deps.js';
import { findAdWithPlace } from '../ads/ad-queries.js';
import { loadManagedAdFacts } from '../ads/load-managed-ad.js';
import { loadAdFacts } from '../ad-lifecycle/apply-ad-event.js';
import { decide } from '../ad-lifecycle/transitions.js';
import { siteById } from '../sites/site-by-id.js';
import { btcAmount } from './amounts.js';
import type { OrderRow } from './order-presenter.js';
import type { PaymentDeps } from './payment-deps.js';
import { ADDRESS_OPEN_MS, OPEN_CHECK_MS } from './watch-schedule.js';

/**
 * Creates the order for an ad, product and duration, or answers the one still
 * open. The amount comes from the server's price table and the ad's city
 * tier; the rate is locked now and the BTC amount rounded up to the satoshi.
 * Each order gets the next receive address of the account key: a database
 * sequence never hands out an index twice.
 */
export async function issuePaymentAddress(
  deps: PaymentDeps,
  ctx: AdContext,
  params: { postId: string; product: string; optionId: string },
): Promise<OrderRow> {
  const { ad, facts } = await loadManagedAdFacts(deps.database.db, ctx, params.postId, {
    action: 'pay',
  });
  const place = await findAdWithPlace(deps.database.db, String(ad.id));
  if (!place) throw new NotFoundError(adMessages.wizard.notFound);
  if (!isPaymentProduct(params.product)) throw new NotFoundError(adMessages.wizard.notFound);
  if (params.product === 'paid' && ad.type !== 'paid') {
    throw new RefusedError(adMessages.wizard.notFound);
  }
  // Payable is the lifecycle table's answer ('pay'): never a rejected or deleted ad.
  const payable = decide(facts, { type: 'pay', product: params.product });
  if (!payable.ok) throw new ConflictError(payable.message);
  // The ad's own site sets the price and the currency, whichever host the payment is asked on:
  // an ad of a tier-2 site is not sold at tier 1 through a brand without tier 2.
  const site = siteById(ad.siteId);
  const tier = pricingTier({ cityTier: place.city.tier, siteUsesTier2: site.usesTier2 });
  const price = priceFor(params.product, params.optionId, tier);
  if (!price) throw new NotFoundError(adMessages.wizard.notFound);

  const product = params.product;
  // One open address per ad and product: the open order of this option is answered
  // again; one of another option refuses a second address until it expires (409).
  const openOrder = async (db: Db): Promise<OrderRow | undefined> => {
    const [open] = await db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.adId, ad.id),
          eq(paymentOrders.product, product),
          ne(paymentOrders.status, 'complete'),
          gt(paymentOrders.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(paymentOrders.createdAt))
      .limit(1);
    if (open && open.optionId !== price.id) {
      const minutes = Math.max(1, Math.ceil((open.expiresAt.getTime() - Date.now()) / 60_000));
      throw new ConflictError(paymentMessages.openOrderExists(minutes));
    }
    return open;
  };
  const open = await openOrder(deps.database.db);
  if (open) return open;

  const rate = await deps.rates.current(site.currency);
  const { sats } = btcAmount(price.amount, rate.rate);
  const now = new Date();
  return deps.database.transaction(async (tx) => {
    // One issuer per ad at a time: requests that arrive together (a double click, a
    // re-rendered page) get the same open order, not one address each.
    const locked = await loadAdFacts(tx.db, ad.id, { forUpdate: true });
    const stillPayable = locked && decide(locked.facts, { type: 'pay', product });
    if (!stillPayable || !stillPayable.ok) {
      throw new ConflictError(stillPayable ? stillPayable.message : adMessages.wizard.notFound);
    }
    const opened = await openOrder(tx.db);
    if (opened) return opened;
    const { rows } = await tx.client.query<{ index: number }>(
      "SELECT nextval('btc_address_index_seq')::int AS index",
    );
    const index = rows[0]?.index;
    if (index === undefined) throw new Error('no address index');
    const [order] = await tx.db
      .insert(paymentOrders)
      .values({
        adId: ad.id,
        siteId: site.id,
        product: params.product === 'paid' ? 'paid' : 'premium',
        optionId: price.id,
        days: price.days,
        currency: site.currency,
        amountFiat: price.amount,
        rate: rate.rate.toFixed(2),
        rateSource: rate.source,
        rateAt: rate.at,
        amountSats: sats,
        network: deps.bitcoin.network,
        addressIndex: index,
        address: deps.bitcoin.account.receiveAddress(index),
        status: 'assigned',
        receivedSats: 0n,
        confirmedSats: 0n,
        expiresAt: new Date(now.getTime() + ADDRESS_OPEN_MS),
        nextCheckAt: new Date(now.getTime() + OPEN_CHECK_MS),
      })
      .returning();
    if (!order) throw new Error('order insert returned no row');
    await tx.db.insert(paymentOrderHistory).values({
      orderId: order.id,
      fromStatus: null,
      toStatus: 'assigned',
      receivedSats: 0n,
      confirmedSats: 0n,
    });
    return order;
  });
}
