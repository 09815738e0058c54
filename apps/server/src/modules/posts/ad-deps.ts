import type { Database } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { BacklinkChecker } from '../ad-checks/backlink-checker.js';
import type { UserRow } from '../accounts/users.js';
import type { SiteContext } from '../accounts/account-deps.js';

export interface AdDeps {
  database: Database;
  queue: JobQueue;
  backlinks: BacklinkChecker;
}

/** Who asks, and from which site: every ad use case takes this. */
export interface AdContext extends SiteContext {
  user: UserRow | null;
  /** SHA-256 of the `edit-token` header, when one was sent. */
  editTokenHash: string | null;
}
