import { reviewPromiseHours, type Dashboard } from '@adboard/shared';
import type pg from 'pg';

interface DashboardRow {
  waiting: number;
  overdue: number;
  oldest_submitted_at: Date | null;
  approved_today: number;
  rejected_today: number;
  open_reports: number;
  urgent_reports: number;
  refunds_to_send: number;
}

/**
 * The numbers on the console's first screen, in one round trip. 'Today'
 * starts at midnight UTC: moderators work across time zones, and one clock
 * keeps the numbers the same for all of them.
 */
export async function readDashboard(pool: pg.Pool): Promise<Dashboard> {
  const { rows } = await pool.query<DashboardRow>(
    `WITH today AS (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS since),
     -- As in the queue: reports of deleted ads wait for nobody.
     open_reports AS (
       SELECT r.priority FROM ad_reports r JOIN ads a ON a.id = r.ad_id
       WHERE r.resolved_at IS NULL AND a.status <> 'deleted'
     )
     SELECT
       -- ads_awaiting_review: the lifecycle's view, as the queue reads it.
       (SELECT count(*)::int FROM ads_awaiting_review) AS waiting,
       (SELECT count(*)::int FROM ads_awaiting_review
          WHERE waiting_since + make_interval(hours => ($1::jsonb ->> type)::int) < now()) AS overdue,
       (SELECT min(waiting_since) FROM ads_awaiting_review) AS oldest_submitted_at,
       (SELECT count(*)::int FROM audit_log, today
          WHERE action = 'ad.approve' AND created_at >= today.since) AS approved_today,
       (SELECT count(*)::int FROM audit_log, today
          WHERE action = 'ad.reject' AND created_at >= today.since) AS rejected_today,
       (SELECT count(*)::int FROM open_reports) AS open_reports,
       (SELECT count(*)::int FROM open_reports WHERE priority = 0) AS urgent_reports,
       (SELECT count(*)::int FROM refunds WHERE state = 'ready') AS refunds_to_send`,
    [JSON.stringify(reviewPromiseHours)],
  );
  const row = rows[0];
  if (!row) throw new Error('the dashboard query answered no row');
  return {
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
