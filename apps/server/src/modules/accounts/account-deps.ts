import type { Database } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { SiteConfig } from '../sites/site-registry.js';
import type { TotpSecretBox } from './totp-secret-box.js';

export interface AccountDeps {
  database: Database;
  queue: JobQueue;
  /** Seals the authenticator apps' secrets (second factors, issue 27). */
  secretBox: TotpSecretBox;
}

/** Where a request came from: its brand, and the origin its emailed links point at. */
export interface SiteContext {
  site: SiteConfig;
  appOrigin: string;
}
