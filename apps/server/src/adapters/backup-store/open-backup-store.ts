import type { BackupLocation } from '@adboard/shared';
import type { S3Connection } from '../../config.js';
import type { BackupStore } from './backup-store.js';
import { createFolderBackupStore } from './folder-backup-store.js';
import { createS3BackupStore } from './s3-backup-store.js';

/** The store of a location: a folder, or a bucket prefix on the store of the S3_* settings. */
export function openBackupStore(location: BackupLocation, s3: S3Connection): BackupStore {
  return location.kind === 'folder'
    ? createFolderBackupStore(location.path)
    : createS3BackupStore(s3, location.bucket, location.prefix);
}
