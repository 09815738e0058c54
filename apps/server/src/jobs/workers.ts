import type { MailTransport } from '../adapters/mail/mail-transport.js';
import type { SmsTransport } from '../adapters/sms/sms-transport.js';
import type { PhotoStorage } from '../adapters/storage/photo-storage.js';
import type { Database, Db } from '../db/database.js';
import type { PublicAdChanges } from '../modules/ad-lifecycle/public-ad-changes.js';
import { sendAccountMail } from '../modules/accounts/account-mail-job.js';
import { eraseDeletedAccounts } from '../modules/accounts/erase-deleted-accounts.js';
import { runAdLifecycle } from '../modules/lifecycle/run-ad-lifecycle.js';
import { startOutboxDispatcher } from '../modules/outbox/outbox-dispatcher.js';
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
  /** Where expiries are announced, for every web server's page cache. */
  adChanges: PublicAdChanges;
}

/**
 * The mails register, resend-code and password reset ask for: each job one
 * transaction (the account's token or code and its mail commit together).
 * `outboxWritten` is told after each commit, so the dispatcher sends the mail
 * at once rather than at its next look.
 */
export async function registerAccountMailWorker(
  queue: JobQueue,
  deps: Pick<WorkerDeps, 'database' | 'siteById'>,
  outboxWritten: () => void = () => undefined,
): Promise<void> {
  await queue.work<unknown>('account-mail', async (data, job) => {
    await deps.database.transaction(async (tx) => {
      await sendAccountMail(tx, { queue, siteById: deps.siteById }, data);
      // The job ends with the mail's commit: a crash after it never mails again.
      await job.complete(tx);
    });
    outboxWritten();
  });
}

export async function registerWorkers(queue: JobQueue, deps: WorkerDeps): Promise<void> {
  // Mail and SMS: the outbox dispatcher, stopped with the queue (see outbox-dispatcher.ts).
  const dispatcher = startOutboxDispatcher(deps, {
    retry: queue.retry,
    onError: (error) => queue.reportError(error),
  });
  queue.keep(dispatcher);
  await registerAccountMailWorker(queue, deps, () => dispatcher.wake());
  await queue.work<{ adId: number }>('purge-deleted-ad', (data) =>
    purgeDeletedAd(deps.db, data.adId),
  );
  await queue.work('sweep-photo-files', async () => {
    await sweepPhotoFiles(deps.db, deps.storage);
  });
  await queue.schedule('sweep-photo-files', '17 * * * *');
  // Deleted accounts past their grace period lose their personal data (and photo files).
  await queue.work('erase-deleted-accounts', async () => {
    await eraseDeletedAccounts({ database: deps.database, storage: deps.storage }, new Date());
  });
  await queue.schedule('erase-deleted-accounts', '41 * * * *');
  // Expiry, reminders and preview-token housekeeping; each run picks up what came due.
  await queue.work('ad-lifecycle', async () => {
    await runAdLifecycle(
      { database: deps.database, queue, siteById: deps.siteById, adChanges: deps.adChanges },
      new Date(),
    );
  });
  await queue.schedule('ad-lifecycle', '* * * * *');
}
