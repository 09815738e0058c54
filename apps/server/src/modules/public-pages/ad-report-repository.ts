import type { Db } from '../../db/database.js';
import { adReports } from '../../db/schema.js';

export type NewAdReportRow = typeof adReports.$inferInsert;

/** Files a report for the moderators' queue. */
export async function insertAdReport(db: Db, row: NewAdReportRow): Promise<void> {
  await db.insert(adReports).values(row);
}
