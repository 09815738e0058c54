import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { outboxMessages } from '../../db/schema.js';

/** The newest messages to one address (at most `limit`). */
export function listMessagesTo(db: Db, recipient: string, limit = 50) {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient.toLowerCase()))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
}
