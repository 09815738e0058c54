import type { Database } from '../../db/database.js';
import type { AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';
import type { SiteConfig } from '../sites/site-registry.js';

/**
 * What the lifecycle job needs: the database, the queue its mails go through,
 * where expiries are announced (every server's page cache), and the sites (whose
 * urls the links name).
 */
export interface LifecycleJobDeps extends AdEventDeps {
  database: Database;
  siteById: (id: string) => SiteConfig;
}

/** Rows taken per transaction, so one run never holds many locks for long. */
export const LIFECYCLE_BATCH_SIZE = 50;
