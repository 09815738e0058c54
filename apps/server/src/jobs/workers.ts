import type { MailTransport } from '../adapters/mail/mail-transport.js';
import type { SmsTransport } from '../adapters/sms/sms-transport.js';
import type { PhotoStorage } from '../adapters/storage/photo-storage.js';
import type { Database, Db } from '../db/database.js';
import { runAdLifecycle } from '../modules/lifecycle/run-ad-lifecycle.js';
import { deliverMessage } from '../modules/outbox/deliver-message.js';
import { sweepPhotoFiles } from '../modules/photos/sweep-photo-files.js';
import { purgeDeletedAd } from '../modules/ads/purge-deleted-ad.js';
import type { SiteConfig } from '../modules/sites/site-registry.js';
import type { JobQueue } from './job-queue.js';

export interface WorkerDeps {
  db: Db;
  /** Transactions for jobs whose changes and mails commit together (the ad lifecycle). */
  database: Database;
  mail: MailTransport;
  sms: SmsTransport;
  mailFrom: string | undefined;
  siteById: (id: string) => SiteConfig;
  storage: PhotoStorage;
  /** The port the server listens on: links the jobs mail for the local development site use it. */
  port?: number;
}

export async function registerWorkers(queue: JobQueue, deps: WorkerDeps): Promise<void> {
  await queue.work<{ messageId: string }>('deliver-message', (data) =>
    deliverMessage(deps, data.messageId),
  );
  await queue.work<{ adId: number }>('purge-deleted-ad', (data) =>
    purgeDeletedAd(deps.db, data.adId),
  );
  await queue.work('sweep-photo-files', async () => {
    await sweepPhotoFiles(deps.db, deps.storage);
  });
  await queue.schedule('sweep-photo-files', '17 * * * *');
  // Expiry, reminders and preview-token housekeeping; each run picks up what came due.
  await queue.work('ad-lifecycle', async () => {
    await runAdLifecycle(
      { database: deps.database, queue, siteById: deps.siteById, port: deps.port },
      new Date(),
    );
  });
  await queue.schedule('ad-lifecycle', '* * * * *');
}
