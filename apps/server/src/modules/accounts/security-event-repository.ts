import { desc, eq } from 'drizzle-orm';
import type { SecurityEventKind } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { securityEvents } from '../../db/schema.js';

export async function insertSecurityEvent(
  db: Db,
  row: { userId: string; siteId: string; kind: SecurityEventKind; detail: string | null },
): Promise<void> {
  await db.insert(securityEvents).values(row);
}

/** The account's events, newest first. */
export async function listSecurityEvents(db: Db, userId: string) {
  return db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.id));
}
