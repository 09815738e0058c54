import {
  adMessages,
  isPaymentProduct,
  paymentMessages,
  priceFor,
  pricingTier,
} from '@adboard/shared';
import type { Rate } from '../../adapters/rates/rate-source.js';
import type { Db, Tx } from '../../db/database.js';
import { ConflictError, NotFoundError, RefusedError } from '../../domain/errors.js';
import type { AdContext } from '../ads/ad-deps.js';
import { findAdWithPlace } from '../ads/ad-queries.js';
import { loadManagedAdFacts } from '../ads/load-managed-ad.js';
import { loadAdFacts } from '../ad-lifecycle/apply-ad-event.js';
import { decide } from '../ad-lifecycle/transitions.js';
import { siteById } from '../sites/site-by-id.js';
import { btcAmount } from './amounts.js';
import type { OrderRow } from './order-presenter.js';
import {
  findOpenOrderOfAd,
  insertOrder,
  insertOrderHistory,
  nextAddressIndex,
} from './order-repository.js';
import type { PaymentDeps } from './payment-deps.js';
import { ADDRESS_OPEN_MS, OPEN_CHECK_MS } from './watch-schedule.js';

/**
 * What a request for an address comes to, worked out before the transaction
 * opens: the ad's open order of this option, or the new order's price at the
 * rate read now.
 */
export type PaymentQuote =
  | { open: OrderRow }
  | {
      open: null;
      adId: number;
      siteId: string;
      currency: string;
      product: OrderRow['product'];
      optionId: string;
      days: number;
      amountFiat: string;
      rate: Rate;
      sats: bigint;
    };

/**
 * One open address per ad and product: the open order of this option is answered
 * again; one of another option refuses a second address until it expires (409).
 */
async function openOrderOf(
  db: Db,
  adId: number,
  product: OrderRow['product'],
  optionId: string,
): Promise<OrderRow | undefined> {
  const open = await findOpenOrderOfAd(db, adId, product);
  if (open && open.optionId !== optionId) {
    const minutes = Math.max(1, Math.ceil((open.expiresAt.getTime() - Date.now()) / 60_000));
    throw new ConflictError(paymentMessages.openOrderExists({ minutes }));
  }
  return open;
}

/**
 * The order a request for an address asks for, outside any transaction (the
 * rate is asked over HTTP). The amount comes from the server's price table and
 * the ad's city tier; the rate is locked now and the BTC amount rounded up to
 * the satoshi.
 */
export async function quotePaymentAddress(
  db: Db,
  deps: Pick<PaymentDeps, 'rates'>,
  ctx: AdContext,
  params: { postId: string; product: string; optionId: string },
): Promise<PaymentQuote> {
  const { ad, facts } = await loadManagedAdFacts(db, ctx, params.postId, { action: 'pay' });
  const place = await findAdWithPlace(db, String(ad.id));
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
  const open = await openOrderOf(db, ad.id, product, price.id);
  if (open) return { open };
  const rate = await deps.rates.current(site.currency);
  const { sats } = btcAmount(price.amount, rate.rate);
  return {
    open: null,
    adId: ad.id,
    siteId: site.id,
    currency: site.currency,
    product,
    optionId: price.id,
    days: price.days,
    amountFiat: price.amount,
    rate,
    sats,
  };
}

/**
 * Creates the quoted order, or answers the one still open. Each order gets the
 * next receive address of the account key: a database sequence never hands out
 * an index twice.
 */
export async function issuePaymentAddress(
  tx: Tx,
  deps: Pick<PaymentDeps, 'bitcoin'>,
  quote: PaymentQuote,
): Promise<OrderRow> {
  if (quote.open) return quote.open;
  const { adId, product } = quote;
  // One issuer per ad at a time: requests that arrive together (a double click, a
  // re-rendered page) get the same open order, not one address each.
  const locked = await loadAdFacts(tx.db, adId, { forUpdate: true });
  const stillPayable = locked && decide(locked.facts, { type: 'pay', product });
  if (!stillPayable || !stillPayable.ok) {
    throw new ConflictError(stillPayable ? stillPayable.message : adMessages.wizard.notFound);
  }
  const opened = await openOrderOf(tx.db, adId, product, quote.optionId);
  if (opened) return opened;
  const index = await nextAddressIndex(tx);
  const now = new Date();
  const order = await insertOrder(tx.db, {
    adId,
    siteId: quote.siteId,
    product,
    optionId: quote.optionId,
    days: quote.days,
    currency: quote.currency,
    amountFiat: quote.amountFiat,
    rate: quote.rate.rate.toFixed(2),
    rateSource: quote.rate.source,
    rateAt: quote.rate.at,
    amountSats: quote.sats,
    network: deps.bitcoin.network,
    addressIndex: index,
    address: deps.bitcoin.account.receiveAddress(index),
    status: 'assigned',
    receivedSats: 0n,
    confirmedSats: 0n,
    expiresAt: new Date(now.getTime() + ADDRESS_OPEN_MS),
    nextCheckAt: new Date(now.getTime() + OPEN_CHECK_MS),
  });
  await insertOrderHistory(tx.db, {
    orderId: order.id,
    fromStatus: null,
    toStatus: 'assigned',
    receivedSats: 0n,
    confirmedSats: 0n,
  });
  return order;
}
