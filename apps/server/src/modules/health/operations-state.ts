import type { Database } from '../../db/database.js';
import { readWaitingJobs, type WaitingJobs } from '../../jobs/waiting-jobs.js';
import { outboxChannels, readOutboxBacklog, type OutboxBacklog } from '../outbox/outbox-queries.js';
import { countOpenOrders } from '../payments/payment-queries.js';

export type { OutboxBacklog, WaitingJobs };
export { jobNames } from '../../jobs/job-queue.js';
export { outboxChannels };

/*
 * What the operator watches of the work in the database, for `health` and the
 * metrics alike: the job queue, the outbox and the open payment orders, each one
 * query, cheap enough for every scrape. The same on every server reading one
 * database.
 */

/** Jobs not yet taken by a worker, by job name. */
export function readJobQueue(database: Database): Promise<WaitingJobs[]> {
  return readWaitingJobs(database.pool);
}

/** Messages not yet handed over, by channel. */
export function readOutbox(database: Database): Promise<OutboxBacklog[]> {
  return readOutboxBacklog(database.db);
}

/** Orders whose address is offered and not yet paid (the payments module's definition). */
export function countOpenPaymentOrders(database: Database): Promise<number> {
  return countOpenOrders(database.db);
}

/**
 * A due job or a queued message waiting longer than this is late: `health` warns,
 * and docs/operations.md's alert examples use the same figure.
 */
export const LATE_AFTER_SECONDS = 5 * 60;
