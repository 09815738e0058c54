import type { Database } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { SiteConfig } from '../sites/site-registry.js';

/** What the lifecycle job needs: the database, the queue its mails go through, and the sites (whose urls the links name). */
export interface LifecycleJobDeps {
  database: Database;
  queue: JobQueue;
  siteById: (id: string) => SiteConfig;
}

/** Rows taken per transaction, so one run never holds many locks for long. */
export const LIFECYCLE_BATCH_SIZE = 50;
