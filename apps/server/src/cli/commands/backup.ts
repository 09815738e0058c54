import {
  backupLocationName,
  cliBackupInputSchema,
  cliBackupMessages as m,
  cliRestoreInputSchema,
  type BackupLocation,
} from '@adboard/shared';
import type { BackupStore } from '../../adapters/backup-store/backup-store.js';
import { openBackupStore } from '../../adapters/backup-store/open-backup-store.js';
import { appVersion } from '../../app-version.js';
import { migrationsDir } from '../../db/migrations-dir.js';
import { backUpSite } from '../../modules/backup/back-up-site.js';
import { restoreSite } from '../../modules/backup/restore-site.js';
import type { CliSession } from '../cli-session.js';
import { CliRefusal, defineCommand } from '../command.js';

const locationValue = '<folder|s3://bucket/prefix>';

/** The store of a location for the length of `work`, and how messages name it. */
async function withBackupStore(
  session: CliSession,
  location: BackupLocation,
  work: (store: BackupStore, name: string) => Promise<void>,
): Promise<void> {
  const store = openBackupStore(location, session.config.s3);
  try {
    await work(store, backupLocationName(location));
  } finally {
    store.close();
  }
}

/**
 * `backup`: the database and the photo files into a new folder or bucket prefix, with
 * the manifest. It does not migrate: it copies the database as it is, beside a running
 * server too.
 */
export const backupCommand = defineCommand({
  name: 'backup',
  summary: m.backupSummary,
  usage: '--to <folder or s3://bucket/prefix>',
  options: { to: { type: 'string', value: locationValue, description: m.toOption } },
  input: cliBackupInputSchema,
  run: ({ io, session }, input) =>
    withBackupStore(session, input.to, async (destination, name) => {
      const manifest = await backUpSite({
        databaseUrl: await session.databaseUrl(),
        storage: session.storage(),
        destination,
        destinationName: name,
        pgBinDir: session.config.pgBinDir,
        appVersion,
      });
      io.out(m.backedUp(name));
      io.out(m.version(manifest.app.version, manifest.app.lastMigration));
      io.out(m.counts(manifest.counts));
      const deleted = manifest.photos.deletedWhileCopying.length;
      if (deleted > 0) io.out(m.deletedWhileCopying(deleted));
      if (manifest.photos.missing.length > 0) {
        throw new CliRefusal(m.missingPhotos(manifest.photos.missing));
      }
    }),
});

/** `restore`: a backup into an empty database and an empty storage, then migrated. */
export const restoreCommand = defineCommand({
  name: 'restore',
  summary: m.restoreSummary,
  usage: '--from <folder or s3://bucket/prefix>',
  options: { from: { type: 'string', value: locationValue, description: m.fromOption } },
  input: cliRestoreInputSchema,
  run: ({ io, session }, input) =>
    withBackupStore(session, input.from, async (source, name) => {
      const restored = await restoreSite({
        databaseUrl: await session.databaseUrl(),
        storage: session.storage(),
        source,
        sourceName: name,
        pgBinDir: session.config.pgBinDir,
        migrationsDir,
      });
      const { manifest } = restored;
      io.out(m.restored(name, manifest.createdAt));
      io.out(m.version(manifest.app.version, manifest.app.lastMigration));
      io.out(m.counts(restored.counts));
      io.out(m.migrated(restored.migrated));
      if (restored.differences.length > 0) {
        throw new CliRefusal(m.countsDiffer(restored.differences));
      }
      io.out(m.countsMatch);
    }),
});
