import type { Db } from '../../db/database.js';
import { analyticsEvents } from '../../db/schema.js';

/** Records one analytics event of the browser (POST /api/event). */
export async function recordAnalyticsEvent(
  db: Db,
  event: typeof analyticsEvents.$inferInsert,
): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}
