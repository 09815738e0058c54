import type { MailTransport } from '../adapters/mail/mail-transport.js';
import type { SmsTransport } from '../adapters/sms/sms-transport.js';
import type { PhotoStorage } from '../adapters/storage/photo-storage.js';
import type { Db } from '../db/database.js';
import { deliverMessage } from '../modules/outbox/deliver-message.js';
import { sweepPhotoFiles } from '../modules/photos/sweep-photo-files.js';
import { purgeDeletedAd } from '../modules/posts/purge-deleted-ad.js';
import type { SiteConfig } from '../modules/sites/site-registry.js';
import type { JobQueue } from './job-queue.js';

export interface WorkerDeps {
  db: Db;
  mail: MailTransport;
  sms: SmsTransport;
  mailFrom: string | undefined;
  siteById: (id: string) => SiteConfig;
  storage: PhotoStorage;
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
}
