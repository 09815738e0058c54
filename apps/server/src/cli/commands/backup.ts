import {
  backupLocationName,
  cliBackupInputSchema,
  cliBackupMessages as m,
  cliRestoreInputSchema,
} from '@adboard/shared';
import { openBackupStore } from '../../adapters/backup-store/open-backup-store.js';
import { appVersion } from '../../app-version.js';
import { migrationsDir } from '../../db/migrations-dir.js';
import { backUpSite } from '../../modules/backup/back-up-site.js';
import { restoreSite } from '../../modules/backup/restore-site.js';
import { CliRefusal, defineCommand } from '../command.js';

/**
 * `backup`: the database and the photo files into a new folder or bucket prefix, with
 * the manifest. It does not migrate: it copies the database as it is, beside a running
 * server too.
 */
export const backupCommand = defineCommand({
  name: 'backup',
  summary: m.backupSummary,
  usage: '--to <folder or s3://bucket/prefix>',
  options: {
    to: { type: 'string', value: '<folder|s3://bucket/prefix>', description: m.toOption },
  },
  input: cliBackupInputSchema,
  async run({ io, session }, input) {
    const name = backupLocationName(input.to);
    const destination = openBackupStore(input.to, session.config.s3);
    try {
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
    } finally {
      destination.close();
    }
  },
});

/** `restore`: a backup into an empty database and an empty storage, then migrated. */
export const restoreCommand = defineCommand({
  name: 'restore',
  summary: m.restoreSummary,
  usage: '--from <folder or s3://bucket/prefix>',
  options: {
    from: { type: 'string', value: '<folder|s3://bucket/prefix>', description: m.fromOption },
  },
  input: cliRestoreInputSchema,
  async run({ io, session }, input) {
    const name = backupLocationName(input.from);
    const source = openBackupStore(input.from, session.config.s3);
    try {
      const restored = await restoreSite({
        databaseUrl: await session.databaseUrl(),
        storage: session.storage(),
        source,
        sourceName: name,
        pgBinDir: session.config.pgBinDir,
        migrationsDir,
      });
      io.out(m.restored(name, restored.manifest.createdAt));
      io.out(m.version(restored.manifest.app.version, restored.manifest.app.lastMigration));
      io.out(m.counts(restored.counts));
      io.out(m.migrated(restored.migrated));
      if (restored.differences.length > 0)
        throw new CliRefusal(m.countsDiffer(restored.differences));
      io.out(m.countsMatch);
    } finally {
      source.close();
    }
  },
});
