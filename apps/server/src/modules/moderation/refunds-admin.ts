import {
  moderationMessages,
  refundDueStates,
  type AdminRefund,
  type RefundReason,
} from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { ConflictError, NotFoundError } from '../../domain/errors.js';
import type { Operator } from '../../domain/actor.js';
import { recordAudit } from './audit-log.js';
import { PAGE_SIZE, pageOffset, type ListPage } from './list-page.js';
import {
  findRefundForUpdate,
  findRefundOrderFiat,
  findRefundPage,
  markRefundRowSent,
  type RefundOrderFiat,
  type RefundRow,
  type RefundState,
} from './refund-repository.js';
import { fiatAtRate } from '../payments/amounts.js';

export function presentRefund(row: RefundRow, order: RefundOrderFiat | null): AdminRefund {
  return {
    id: row.id,
    postId: String(row.adId),
    orderId: row.orderId,
    amountSats: row.amountSats.toString(),
    amountFiat: order ? fiatAtRate(row.amountSats, order.rate) : null,
    currency: order ? order.currency : null,
    state: row.state,
    refundAddress: row.refundAddress,
    sentTxid: row.sentTxid,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** Refunds newest first, optionally in one state (the console shows 'ready' ones to send). */
export async function listRefunds(
  db: Db,
  query: { state?: RefundState; page: number },
): Promise<ListPage<AdminRefund>> {
  const { rows, total } = await findRefundPage(db, query.state, {
    limit: PAGE_SIZE,
    offset: pageOffset(query.page),
  });
  return {
    items: rows.map((row) => presentRefund(row, row.order)),
    total,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

/** A refund owed and not yet sent, with why it is owed. */
export type DueRefund = AdminRefund & { reason: RefundReason };

/**
 * The refunds due (asked for, with or without the payer's address yet), oldest
 * first: the operator's list of what to send. At most `limit`, and how many in all.
 */
export async function listRefundsDue(
  db: Db,
  limit: number,
): Promise<{ items: DueRefund[]; total: number }> {
  const { rows, total } = await findRefundPage(db, refundDueStates, {
    limit,
    offset: 0,
    oldestFirst: true,
  });
  return {
    items: rows.map((row) => ({ ...presentRefund(row, row.order), reason: row.reason })),
    total,
  };
}

/**
 * An admin sent the refund from the wallet (this server never holds the keys)
 * and records the transaction: only a refund with an address can have been sent.
 */
export async function markRefundSent(
  tx: Tx,
  actor: Operator,
  refundId: string,
  txid: string,
): Promise<AdminRefund> {
  const refund = await findRefundForUpdate(tx.db, refundId);
  if (!refund) throw new NotFoundError(moderationMessages.notFound);
  if (refund.state === 'sent') throw new ConflictError(moderationMessages.refundAlreadySent);
  if (refund.state !== 'ready') throw new ConflictError(moderationMessages.refundNotReady);
  const sent = await markRefundRowSent(tx.db, refund.id, txid.toLowerCase());
  if (!sent) throw new Error('refund vanished under its lock');
  await recordAudit(tx, actor, {
    action: 'refund.sent',
    targetType: 'refund',
    targetId: refund.id,
    before: { state: refund.state, refundAddress: refund.refundAddress, sentTxid: null },
    after: {
      state: sent.state,
      refundAddress: sent.refundAddress,
      sentTxid: sent.sentTxid,
      amountSats: sent.amountSats.toString(),
      adId: String(sent.adId),
    },
  });
  return presentRefund(sent, await findRefundOrderFiat(tx.db, sent.orderId));
}
