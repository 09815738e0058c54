import type { Tx } from '../../db/database.js';
import type { refunds } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { brandedMail } from '../accounts/mail-templates.js';
import { hashToken, newToken } from '../accounts/secrets.js';
import { findAd } from '../ads/ad-queries.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { siteById } from '../sites/site-by-id.js';
import { formatBtc, trimBtc } from './amounts.js';
import {
  expireOpenOrdersOfAd,
  listAppliedOrders,
  listAppliedOrdersWithoutRefund,
  listUnfinishedPaidOrders,
  unapplyOrdersOnRefund,
} from './order-repository.js';
import {
  hasOfferedRefund,
  insertRefund,
  sumRefundedSatsOfOrder,
  updateOfferedRefundsOfAd,
} from './refund-repository.js';
import { paymentMessages, type Language } from '@adboard/shared';
import { languageOfAdPoster } from '../ads/ad-queries.js';

/** Why money is refunded (the refunds table's check constraint lists the same). */
export type RefundReason = (typeof refunds.$inferSelect)['reason'];

/** A refund just recorded, with the token of its link (mailed, never stored). */
export interface NewRefund {
  id: string;
  orderId: string;
  amountSats: bigint;
  token: string;
}

/** The link where the payer gives the address to send a refund to. */
export function refundLink(appOrigin: string, token: string): string {
  return `${appOrigin}/refund?${new URLSearchParams({ token })}`;
}

/** Records a refund with a new link token (only its hash is stored). */
async function recordRefund(
  tx: Tx,
  values: {
    orderId: string;
    adId: number;
    amountSats: bigint;
    state: 'offered' | 'awaiting_address';
    reason: RefundReason;
  },
): Promise<NewRefund> {
  const token = newToken();
  const id = await insertRefund(tx.db, { ...values, addressTokenHash: hashToken(token) });
  return { id, orderId: values.orderId, amountSats: values.amountSats, token };
}

/**
 * A rejected ad's payments: each order's applied money may be refunded on
 * request ('offered'), or kept if the ad is resubmitted. Orders that already
 * have an open offer or a refund get none.
 */
export async function offerRefunds(tx: Tx, adId: number): Promise<NewRefund[]> {
  const orders = await listAppliedOrders(tx.db, adId);
  const offered: NewRefund[] = [];
  for (const order of orders) {
    if (await hasOfferedRefund(tx.db, order.id)) continue;
    offered.push(
      await recordRefund(tx, {
        orderId: order.id,
        adId,
        amountSats: order.appliedSats,
        state: 'offered',
        reason: 'rejected',
      }),
    );
  }
  return offered;
}

/** The ad was resubmitted or approved: the money stays applied, the offers end. */
export async function cancelRefundOffers(tx: Tx, adId: number): Promise<number> {
  const cancelled = await updateOfferedRefundsOfAd(tx.db, adId, { state: 'cancelled' });
  return cancelled.length;
}

/**
 * Money of an order that cannot be applied (its ad is not payable, or it is
 * beyond what the order was for): a refund for it, and the payer mailed for
 * the address. Nothing is lost, nothing extends an ad.
 */
export async function refundUnapplied(
  tx: Tx,
  queue: JobQueue,
  params: {
    orderId: string;
    adId: number;
    amountSats: bigint;
    reason: RefundReason;
    siteId: string;
    email: string | null;
  },
): Promise<NewRefund> {
  const refund = await recordRefund(tx, {
    orderId: params.orderId,
    adId: params.adId,
    amountSats: params.amountSats,
    state: 'awaiting_address',
    reason: params.reason,
  });
  if (params.email) {
    const language = await languageOfAdPoster(tx.db, siteById(params.siteId), params.adId);
    await mailRefundLink(tx, queue, params.siteId, language, params.email, params.adId, refund);
  }
  return refund;
}

/** Sats of an order that are on refunds paying back (asked for, ready or sent). */
export async function refundedSatsOf(tx: Tx, orderId: string): Promise<bigint> {
  return sumRefundedSatsOfOrder(tx.db, orderId);
}

/**
 * An order's confirmed money that is neither applied nor on a refund yet goes on
 * one now (and the payer is mailed): the accounting confirmed = applied + refunded
 * holds for the order afterwards.
 */
export async function refundUnaccounted(
  tx: Tx,
  queue: JobQueue,
  order: {
    id: string;
    adId: number;
    siteId: string;
    appliedSats: bigint;
    confirmedSats: bigint;
  },
  reason: RefundReason,
): Promise<NewRefund | null> {
  const accounted = order.appliedSats + (await refundedSatsOf(tx, order.id));
  if (order.confirmedSats <= accounted) return null;
  const ad = await findAd(tx.db, String(order.adId));
  return refundUnapplied(tx, queue, {
    orderId: order.id,
    adId: order.adId,
    amountSats: order.confirmedSats - accounted,
    reason,
    siteId: order.siteId,
    email: ad?.email ?? null,
  });
}

/** A deleted ad's orders that never completed: the money confirmed on them is refunded. */
export async function refundUnfinishedOrders(
  tx: Tx,
  queue: JobQueue,
  adId: number,
): Promise<NewRefund[]> {
  const open = await listUnfinishedPaidOrders(tx.db, adId);
  const created: NewRefund[] = [];
  for (const order of open) {
    const refund = await refundUnaccounted(tx, queue, order, 'deleted');
    if (refund) created.push(refund);
  }
  return created;
}

/** The mail that asks a payer where to send a refund, in the payer's `language`. */
export async function mailRefundLink(
  tx: Tx,
  queue: JobQueue,
  siteId: string,
  language: Language,
  email: string,
  adId: number,
  refund: NewRefund,
): Promise<void> {
  const site = siteById(siteId);
  const amount = trimBtc(formatBtc(refund.amountSats));
  const words = paymentMessages.refundMail;
  const mail = brandedMail(
    site,
    language,
    words.subject({ adId: String(adId) }),
    [words.body({ adId: String(adId), amountBtc: amount }), words.ask],
    refundLink(site.url, refund.token),
  );
  await enqueueMessage(tx, queue, {
    channel: 'email',
    kind: 'refund_link',
    siteId: site.id,
    to: email,
    ...mail,
  });
}

/**
 * A deleted ad whose paid time never started: its offers become refunds, and
 * applied orders without one get a refund, so the payer is paid back.
 */
export async function refundHeldCredit(
  tx: Tx,
  queue: JobQueue,
  ad: { id: number; siteId: string; email: string },
): Promise<NewRefund[]> {
  await updateOfferedRefundsOfAd(tx.db, ad.id, { state: 'awaiting_address' });
  const orders = await listAppliedOrdersWithoutRefund(tx.db, ad.id);
  const created: NewRefund[] = [];
  for (const order of orders) {
    created.push(
      await refundUnapplied(tx, queue, {
        orderId: order.id,
        adId: ad.id,
        amountSats: order.appliedSats,
        reason: 'deleted',
        siteId: ad.siteId,
        email: ad.email,
      }),
    );
  }
  await unapplyRefundedOrders(tx, ad.id);
  return created;
}

/** Orders whose money is on a refund (asked for or sent) no longer count as applied. */
export async function unapplyRefundedOrders(tx: Tx, adId: number): Promise<void> {
  await unapplyOrdersOnRefund(tx.db, adId);
}

/** Open addresses of an ad stop being shown; money sent to them is still watched for. */
export async function closeOpenOrders(tx: Tx, adId: number): Promise<void> {
  await expireOpenOrdersOfAd(tx.db, adId);
}
