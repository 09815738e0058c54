import { reviewPromiseHours } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { queryRows } from './sql-rows-repository.js';

export interface DashboardRow {
  queued: number;
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
 * The console's first-screen numbers in one round trip. 'Today' starts at
 * midnight UTC.
 */
export async function readDashboardCounts(db: Db): Promise<DashboardRow> {
  const [row] = await queryRows<DashboardRow>(
    db,
    `WITH today AS (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS since),
     -- The open reports of the ads in the queue (not deleted, owner not banned).
     open_reports AS (
       SELECT r.priority FROM ad_reports r JOIN ads_in_moderation_queue q ON q.id = r.ad_id
       WHERE r.resolved_at IS NULL
     )
     SELECT
       -- ads_in_moderation_queue: what the queue lists, so 'In the queue' is its total.
       (SELECT count(*)::int FROM ads_in_moderation_queue) AS queued,
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
  if (!row) throw new Error('the dashboard query answered no row');
  return row;
}
