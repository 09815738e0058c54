import type { AdType, QueueItem, QueuePage } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { reviewStatuses } from '../ad-lifecycle/transitions.js';
import { siteRegistry } from '../sites/site-registry.js';
import { PAGE_SIZE, pageOffset } from './list-page.js';
import { listQueueRows, type QueueRow } from './review-queue-repository.js';

export interface QueueFilter {
  site?: string;
  city?: string;
  type?: AdType;
  page: number;
}

/**
 * Everything waiting for a moderator: every ad under review (`pending`), and
 * every other ad with open reports. Urgent reports (priority 0) come first,
 * then paid ads under review, then the rest; within a group the earliest
 * deadline first. A deadline is the promise made to the advertiser (submitted
 * + review hours of its type) or, for reports, the earliest open report's
 * created + hours of its priority; an ad under review with reports takes the
 * earlier of the two.
 */
export async function listReviewQueue(db: Db, filter: QueueFilter): Promise<QueuePage> {
  const rows = await listQueueRows(db, filter, {
    limit: PAGE_SIZE,
    offset: pageOffset(filter.page),
  });
  return {
    items: rows.filter((row) => row.id !== null).map(presentQueueRow),
    sites: siteRegistry.map((site) => ({ id: site.id, name: site.name })),
    total: Number(rows[0]?.total ?? 0),
    page: filter.page,
    pageSize: PAGE_SIZE,
  };
}

function presentQueueRow(row: QueueRow): QueueItem {
  return {
    postId: String(row.id),
    title: row.title,
    siteId: row.site_id,
    city: row.city_slug,
    cityName: row.city_name,
    type: row.type,
    status: row.status,
    paid: row.paid,
    submittedAt: row.submitted_at ? row.submitted_at.toISOString() : null,
    deadline: row.deadline.toISOString(),
    secondsLeft: Number(row.seconds_left),
    kind: reviewStatuses.includes(row.status) ? 'review' : row.revision ? 'revision' : 'report',
    openReports: row.open_reports,
    topReport: row.top_reason,
    flagCount: row.flag_count,
  };
}
