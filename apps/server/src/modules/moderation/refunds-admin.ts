import { moderationMessages, type AdminRefund } from '@adboard/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { refunds } from '../../db/schema.js';
import { ConflictError, NotFoundError } from '../../domain/errors.js';
import type { ActorUser as UserRow } from '../../domain/actor.js';
import { recordAudit } from './audit-log.js';
import { PAGE_SIZE, pageOffset, type ListPage } from './list-page.js';

type RefundRow = typeof refunds.$inferSelect;
type RefundState = RefundRow['state'];

export function presentRefund(row: RefundRow): AdminRefund {
  return {
    id: row.id,
    postId: String(row.adId),
    orderId: row.orderId,
    amountSats: row.amountSats.toString(),
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
  const where = query.state ? eq(refunds.state, query.state) : undefined;
  const rows = await db
    .select()
    .from(refunds)
    .where(where)
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(query.page));
  const [total] = await db.select({ n: count() }).from(refunds).where(where);
  return {
    items: rows.map(presentRefund),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

/**
 * An admin sent the refund from the wallet (this server never holds the keys)
 * and records the transaction: only a refund with an address can have been sent.
 */
export async function markRefundSent(
  tx: Tx,
  actor: UserRow,
  refundId: string,
  txid: string,
): Promise<AdminRefund> {
  const [refund] = await tx.db.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!refund) throw new NotFoundError(moderationMessages.notFound);
  if (refund.state !== 'ready') throw new ConflictError(moderationMessages.refundNotReady);
  const [sent] = await tx.db
    .update(refunds)
    .set({ state: 'sent', sentTxid: txid.toLowerCase(), sentAt: sql`now()` })
    .where(eq(refunds.id, refund.id))
    .returning();
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
  return presentRefund(sent);
}
