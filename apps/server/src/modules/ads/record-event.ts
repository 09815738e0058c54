import type { Db } from '../../db/database.js';
import { insertAnalyticsEvent, type NewAnalyticsEvent } from './ad-repository.js';

/** Records one analytics event of the browser (POST /api/event). */
export async function recordAnalyticsEvent(db: Db, event: NewAnalyticsEvent): Promise<void> {
  await insertAnalyticsEvent(db, event);
}
