import {
  reportPromiseHours,
  reviewPromiseHours,
  type AdStatus,
  type AdType,
  type ReportReasonCode,
} from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { queryRows } from './sql-rows-repository.js';

/** Which part of the queue: a site, a city, a type (each optional). */
export interface QueueRowFilter {
  site?: string;
  city?: string;
  type?: AdType;
}

export interface QueueRow {
  /** Null only in the single row of an empty page. */
  id: string | null;
  title: string;
  site_id: string;
  city_slug: string;
  city_name: string;
  type: AdType;
  status: AdStatus;
  paid: boolean;
  submitted_at: Date | null;
  deadline: Date;
  seconds_left: string;
  open_reports: number;
  top_reason: ReportReasonCode | null;
  flag_count: number;
  revision: boolean | null;
  total: string;
}

/**
 * The promises as JSON parameters (type → hours, priority → hours), so the
 * SQL reads them from the shared constants instead of repeating them.
 */
const reviewHours = JSON.stringify(reviewPromiseHours);
const reportHours = JSON.stringify(reportPromiseHours);

/**
 * One page of the review queue in queue order (see review-queue.ts), each row
 * with its deadline and flag count; every row carries the total, and an empty
 * page answers one row of the total alone (its id null).
 */
export function listQueueRows(
  db: Db,
  filter: QueueRowFilter,
  page: { limit: number; offset: number },
): Promise<QueueRow[]> {
  return queryRows<QueueRow>(
    db,
    `WITH open_reports AS (
       SELECT r.ad_id,
              count(*)::int AS open_reports,
              min(r.priority) AS top_priority,
              (array_agg(r.reason ORDER BY r.priority, r.created_at))[1] AS top_reason,
              min(r.created_at + make_interval(hours => ($5::jsonb ->> r.priority::text)::int))
                AS report_deadline
       FROM ad_reports r
       WHERE r.resolved_at IS NULL
       GROUP BY r.ad_id
     ),
     awaiting AS (
       -- The lifecycle's view (ad-lifecycle/ad-state-repository.ts): ads in review and edits of live ads.
       SELECT id, waiting_since, revision FROM ads_awaiting_review
     ),
     -- The one rule of what is in the queue (ad-state-repository.ts), which the dashboard counts.
     candidates AS (SELECT id FROM ads_in_moderation_queue),
     items AS (
       SELECT a.id, a.title, a.site_id, a.country_code, a.city_slug, a.type, a.status, a.paid,
              a.submitted_at, a.flags, a.phone_e164, a.email_normalized, a.owner_id,
              coalesce(o.open_reports, 0) AS open_reports, o.top_reason,
              coalesce(aw.revision, false) AS revision,
              CASE WHEN aw.id IS NOT NULL
                THEN least(aw.waiting_since + make_interval(hours => ($4::jsonb ->> a.type)::int),
                           o.report_deadline)
                ELSE o.report_deadline END AS deadline,
              CASE WHEN o.top_priority = 0 THEN 0
                   WHEN aw.id IS NOT NULL AND (a.paid OR a.type IN ('paid', 'premium')) THEN 1
                   ELSE 2 END AS queue_group
       FROM candidates c
       JOIN ads a ON a.id = c.id
       LEFT JOIN open_reports o ON o.ad_id = a.id
       LEFT JOIN awaiting aw ON aw.id = a.id
       WHERE ($1::text IS NULL OR a.site_id = $1)
         AND ($2::text IS NULL OR a.city_slug = $2)
         AND ($3::text IS NULL OR a.type = $3)
     ),
     page AS (
       SELECT i.* FROM items i
       ORDER BY i.queue_group, i.deadline, i.id
       LIMIT $6 OFFSET $7
     )
     SELECT p.id, p.title, p.site_id, p.city_slug, ci.name AS city_name, p.type, p.status,
            p.revision,
            p.paid, p.submitted_at, p.deadline, p.open_reports, p.top_reason, t.total,
            extract(epoch FROM p.deadline - now())::bigint AS seconds_left,
            (jsonb_array_length(p.flags)
              + (p.open_reports > 0)::int
              + EXISTS (SELECT 1 FROM ads x WHERE x.phone_e164 = p.phone_e164
                          AND x.id <> p.id AND x.email_normalized <> p.email_normalized)::int
              + EXISTS (SELECT 1 FROM ads x WHERE x.email_normalized = p.email_normalized
                          AND x.id <> p.id AND x.owner_id IS NOT NULL
                          AND x.owner_id IS DISTINCT FROM p.owner_id)::int
              + EXISTS (SELECT 1 FROM photos ph JOIN photos px ON px.phash = ph.phash
                          JOIN ads x ON x.id = px.ad_id
                          WHERE ph.ad_id = p.id AND x.id <> p.id
                            AND x.email_normalized <> p.email_normalized)::int
            )::int AS flag_count
     -- One row carries the total even when the page is past the end.
     FROM (SELECT count(*) AS total FROM items) t
     LEFT JOIN (page p JOIN cities ci ON ci.country_code = p.country_code AND ci.slug = p.city_slug)
       ON true
     ORDER BY p.queue_group, p.deadline, p.id`,
    [
      filter.site ?? null,
      filter.city ?? null,
      filter.type ?? null,
      reviewHours,
      reportHours,
      page.limit,
      page.offset,
    ],
  );
}
