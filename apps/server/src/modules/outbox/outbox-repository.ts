import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { outboxMessages } from '../../db/schema.js';

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessageRow = typeof outboxMessages.$inferInsert;

/** The newest messages to one address (at most `limit`). */
export function listMessagesTo(db: Db, recipient: string, limit = 50) {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient.toLowerCase()))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
}

/** What an operator sees of a message: never its subject or text (a code may be in either). */
export type OutboxEntryRow = Pick<
  OutboxMessageRow,
  'id' | 'createdAt' | 'channel' | 'recipient' | 'kind' | 'status' | 'attempts'
>;

/** The newest messages, optionally to one recipient and in one status (at most `limit`). */
export function listRecentMessages(
  db: Db,
  filter: { recipient?: string; status?: OutboxMessageRow['status']; limit: number },
): Promise<OutboxEntryRow[]> {
  return db
    .select({
      id: outboxMessages.id,
      createdAt: outboxMessages.createdAt,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      kind: outboxMessages.kind,
      status: outboxMessages.status,
      attempts: outboxMessages.attempts,
    })
    .from(outboxMessages)
    .where(
      and(
        filter.recipient === undefined ? undefined : eq(outboxMessages.recipient, filter.recipient),
        filter.status === undefined ? undefined : eq(outboxMessages.status, filter.status),
      ),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(filter.limit);
}

/** One message, locked until the transaction ends. */
export async function findMessageForUpdate(
  db: Db,
  id: string,
): Promise<OutboxMessageRow | undefined> {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id))
    .for('update');
  return message;
}

/** Records a message; answers its id. */
export async function insertOutboxMessage(db: Db, row: NewOutboxMessageRow): Promise<string> {
  const [inserted] = await db
    .insert(outboxMessages)
    .values(row)
    .returning({ id: outboxMessages.id });
  if (!inserted) throw new Error('outbox insert returned no row');
  return inserted.id;
}

/**
 * Claims up to `limit` due messages for this worker: each is due again only
 * `leaseSeconds` from now (renewed by `renewClaims` while its hand-over lasts),
 * so a crashed worker's claim runs out by itself. SKIP LOCKED: several workers
 * never claim the same message. The claim counts as an attempt. What a person
 * waits for at a screen (`waitedFor`) goes first, then the longest due.
 */
export async function claimDueMessages(
  db: Db,
  limit: number,
  leaseSeconds: number,
): Promise<OutboxMessageRow[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'queued'), lte(outboxMessages.nextAttemptAt, sql`now()`)))
    .orderBy(desc(outboxMessages.waitedFor), outboxMessages.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${outboxMessages.attempts} + 1`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

/** Keeps this worker's claims on messages whose hand-over is still in progress. */
export async function renewClaims(db: Db, ids: string[], leaseSeconds: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(inArray(outboxMessages.id, ids), eq(outboxMessages.status, 'queued')));
}

/** Kept in the outbox only (no real transport for its channel). */
export async function markMessageStored(db: Db, messageId: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'stored', nextAttemptAt: null })
    .where(eq(outboxMessages.id, messageId));
}

/** Handed over now. */
export async function markMessageSent(db: Db, messageId: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: new Date(), nextAttemptAt: null })
    .where(eq(outboxMessages.id, messageId));
}

/**
 * A failed attempt with its error: due again in `retryInSeconds`, or `failed`
 * (null) once the attempts are used up.
 */
export async function recordDeliveryFailure(
  db: Db,
  messageId: string,
  failure: { error: string; retryInSeconds: number | null },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      lastError: failure.error,
      ...(failure.retryInSeconds === null
        ? { status: 'failed' as const, nextAttemptAt: null }
        : { nextAttemptAt: sql`now() + make_interval(secs => ${failure.retryInSeconds})` }),
    })
    .where(eq(outboxMessages.id, messageId));
}

/** The messages of one channel not handed over yet. */
export interface OutboxBacklog {
  channel: OutboxMessageRow['channel'];
  queued: number;
  /** Since the oldest of them was written, in whole seconds. */
  oldestQueuedSeconds: number;
}

/** The queued messages by channel, and the age of the oldest: one query (the due index's rows). */
export async function readOutboxBacklog(db: Db): Promise<OutboxBacklog[]> {
  const rows = await db
    .select({
      channel: outboxMessages.channel,
      queued: sql<number>`count(*)::int`,
      oldest: sql<number>`floor(extract(epoch FROM now() - min(${outboxMessages.createdAt})))::int`,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'queued'))
    .groupBy(outboxMessages.channel)
    .orderBy(outboxMessages.channel);
  return rows.map((row) => ({
    channel: row.channel,
    queued: row.queued,
    oldestQueuedSeconds: row.oldest,
  }));
}

/** The channels a message goes by (the table's own list). */
export const outboxChannels = outboxMessages.channel.enumValues;
