import { limits } from '@adboard/shared';
import { PHOTO_FILE, type PhotoStorage } from '../../adapters/storage/photo-storage.js';
import type { Database, Tx } from '../../db/database.js';
import { purgeDeletedAd } from '../ads/purge-deleted-ad.js';
import { removePhotoFiles } from '../photos/photo-files.js';
import { recordAudit } from '../moderation/audit-log.js';
import {
  clearReportDetailsOfAds,
  deleteAccountSecretsAndSessions,
  deleteMessagesTo,
  detachAnalyticsOfUser,
  listAccountsDueForErasure,
  listAdContactsOwnedBy,
  lockAccountToErase,
  redactEmailInAudit,
  replaceUserPersonalData,
} from './account-deletion-repository.js';

const DAY_MS = 24 * 60 * 60_000;
/** Accounts erased per run; the next run (hourly) takes the rest. */
const ERASE_BATCH = 20;

export interface ErasureDeps {
  database: Database;
  storage: PhotoStorage;
}

/**
 * The erasure job (hourly; tests pass any `now`): each account deleted at least
 * `limits.accountErasureGraceDays` before `now` loses its personal data, one
 * transaction per account: its email and password hash (replaced), its sessions,
 * codes and reset links, its ads' texts, contacts, edits and photo rows (the ad purge,
 * run here whatever its own job did), the mail and texts sent to it, what reporters
 * wrote about its ads, and its email wherever the audit log names it. Then, after the
 * commit, every photo file of its ads, verification photos included, from the storage
 * (disk or S3). Orders, receipts, refunds and audit entries stay, pointing at the
 * account's id. Safe to run again and on several workers: an account is erased once.
 */
export async function eraseDeletedAccounts(deps: ErasureDeps, now: Date): Promise<number> {
  const deletedBefore = new Date(now.getTime() - limits.accountErasureGraceDays * DAY_MS);
  const due = await listAccountsDueForErasure(deps.database.db, deletedBefore, ERASE_BATCH);
  let erased = 0;
  for (const userId of due) {
    const adIds = await deps.database.transaction((tx) => eraseAccount(tx, userId));
    if (!adIds) continue;
    await removeAdPhotoFiles(deps.storage, adIds);
    erased += 1;
  }
  return erased;
}

/** One account's erasure; the ids of its ads, or null when another run did it. */
async function eraseAccount(tx: Tx, userId: string): Promise<number[] | null> {
  const user = await lockAccountToErase(tx.db, userId);
  if (!user) return null;
  const ownAds = await listAdContactsOwnedBy(tx.db, userId);
  const adIds = ownAds.map((ad) => ad.id);
  const recipients = new Set<string>([user.email]);
  for (const ad of ownAds) {
    recipients.add(ad.email);
    if (ad.phoneE164) recipients.add(ad.phoneE164);
  }
  // Every ad came down with the account (delete-account.ts); the purge wipes deleted ones only.
  for (const adId of adIds) await purgeDeletedAd(tx.db, adId);
  await clearReportDetailsOfAds(tx.db, adIds);
  await deleteMessagesTo(tx.db, [...recipients]);
  await deleteAccountSecretsAndSessions(tx.db, userId);
  await detachAnalyticsOfUser(tx.db, userId);
  const replacement = await replaceUserPersonalData(tx.db, userId);
  await redactEmailInAudit(tx.db, user.email, replacement);
  await recordAudit(
    tx,
    { id: userId, email: replacement },
    {
      action: 'user.erase',
      targetType: 'user',
      targetId: userId,
      before: null,
      after: { erased: true, ads: adIds.length },
    },
  );
  return adIds;
}

/** Every stored file of these ads (any width, a `.part` left behind too). */
async function removeAdPhotoFiles(storage: PhotoStorage, adIds: readonly number[]): Promise<void> {
  if (adIds.length === 0) return;
  const prefixes = adIds.map((id) => `${id}/`);
  const keys: string[] = [];
  for await (const file of storage.list()) {
    if (PHOTO_FILE.test(file.key) && prefixes.some((prefix) => file.key.startsWith(prefix))) {
      keys.push(file.key);
    }
  }
  // A file that cannot be removed now has no row: the hourly photo-file sweep takes it.
  await removePhotoFiles(storage, keys);
}
