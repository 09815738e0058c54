import { and, desc, eq, sql } from 'drizzle-orm';
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

/** Records a message; answers its id. */
export async function insertOutboxMessage(db: Db, row: NewOutboxMessageRow): Promise<string> {
  const [inserted] = await db
    .insert(outboxMessages)
    .values(row)
    .returning({ id: outboxMessages.id });
  if (!inserted) throw new Error('outbox insert returned no row');
  return inserted.id;
}

/** The message while it still waits to go out; undefined once handled (or unknown). */
export async function findQueuedMessage(
  db: Db,
  messageId: string,
): Promise<OutboxMessageRow | undefined> {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, messageId), eq(outboxMessages.status, 'queued')));
  return message;
}

/** Kept in the outbox only (no real transport for its channel). */
export async function markMessageStored(db: Db, messageId: string): Promise<void> {
  await db.update(outboxMessages).set({ status: 'stored' }).where(eq(outboxMessages.id, messageId));
}

/** Sent now, one more attempt counted. */
export async function markMessageSent(db: Db, messageId: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outboxMessages.attempts} + 1` })
    .where(eq(outboxMessages.id, messageId));
}

/** One more failed attempt with its error; `failed` once the queue gives up. */
export async function recordDeliveryFailure(
  db: Db,
  messageId: string,
  failure: { error: string; givingUp: boolean },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      attempts: sql`${outboxMessages.attempts} + 1`,
      lastError: failure.error,
      ...(failure.givingUp ? { status: 'failed' as const } : {}),
    })
    .where(eq(outboxMessages.id, messageId));
}
