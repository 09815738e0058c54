import type { Dashboard } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { readDashboardCounts } from './dashboard-repository.js';

/**
 * The numbers on the console's first screen, in one round trip. 'Today'
 * starts at midnight UTC: moderators work across time zones, and one clock
 * keeps the numbers the same for all of them.
 */
export async function readDashboard(db: Db): Promise<Dashboard> {
  const row = await readDashboardCounts(db);
  return {
    queued: row.queued,
    waiting: row.waiting,
    overdue: row.overdue,
    oldestSubmittedAt: row.oldest_submitted_at ? row.oldest_submitted_at.toISOString() : null,
    approvedToday: row.approved_today,
    rejectedToday: row.rejected_today,
    openReports: row.open_reports,
    urgentReports: row.urgent_reports,
    refundsToSend: row.refunds_to_send,
  };
}
