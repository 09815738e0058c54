import {
  BACKUP_DATABASE_FILE,
  BACKUP_MANIFEST_FILE,
  BACKUP_PHOTOS_FOLDER,
  cliBackupMessages as m,
  type BackupManifest,
} from '@adboard/shared';
import type { BackupStore } from '../../adapters/backup-store/backup-store.js';
import {
  findPgTool,
  requireMajor,
  runPgTool,
  type PgTool,
} from '../../adapters/postgres-tools/postgres-tools.js';
import { PHOTO_KEY, type PhotoStorage } from '../../adapters/storage/photo-storage.js';
import type pg from 'pg';
import { openDatabase, type Database } from '../../db/database.js';
import { RefusedError } from '../../domain/errors.js';
import { DISPLAY_WIDTH, findExistingPhotoIds, photoKey } from '../photos/photo-queries.js';
import { COPY_LANES, digestOf, digestOfFile, inLanes } from './backup-files.js';
import {
  beginSnapshot,
  countRows,
  endSnapshot,
  lastMigration,
  listPhotoRows,
  serverMajorVersion,
} from './backup-repository.js';

export interface BackUpDeps {
  databaseUrl: string;
  storage: PhotoStorage;
  /** Where the backup goes; it must be empty. */
  destination: BackupStore;
  /** How messages name it. */
  destinationName: string;
  pgBinDir: string | undefined;
  appVersion: string;
  now?: () => Date;
}

type ManifestFile = BackupManifest['files'][number];

/**
 * Writes a backup: the database first, with pg_dump on a snapshot exported here, so
 * the rows counted and the photos listed are the copy's own; then every photo file
 * of the storage. Files are written before their rows commit and removed by the
 * sweep an hour after their rows go, so every photo of the snapshot still has its
 * file when the files are copied after it. The manifest goes last: a backup without
 * one is incomplete. Answers the manifest; the photos the snapshot lists and the
 * storage lacks are in `photos.missing`.
 */
export async function backUpSite(deps: BackUpDeps): Promise<BackupManifest> {
  if (!(await deps.destination.isEmpty())) {
    throw new RefusedError(m.destinationNotEmpty(deps.destinationName));
  }
  const pgDump = await findPgTool('pg_dump', deps.pgBinDir);
  const database = openDatabase(deps.databaseUrl, { max: 2 });
  try {
    const copy = await copyDatabase(database, pgDump, deps);
    const photoFiles = await copyPhotoFiles(deps.storage, deps.destination);
    const photos = await photosNotCopied(database, copy.photoRows, photoFiles);
    const manifest: BackupManifest = {
      format: 'adboard-backup',
      formatVersion: 1,
      createdAt: copy.createdAt.toISOString(),
      app: { version: deps.appVersion, lastMigration: copy.lastMigration },
      database: {
        file: BACKUP_DATABASE_FILE,
        serverMajor: copy.serverMajor,
        pgDump: pgDump.version,
        pgDumpMajor: pgDump.major,
      },
      counts: { ...copy.counts, photoFiles: photoFiles.length },
      photos,
      files: [{ name: BACKUP_DATABASE_FILE, ...copy.digest }, ...photoFiles],
    };
    await deps.destination.write(
      BACKUP_MANIFEST_FILE,
      Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
    );
    return manifest;
  } finally {
    await database.close();
  }
}

/** pg_dump of a snapshot, and what the snapshot holds; the snapshot ends with the dump. */
async function copyDatabase(database: Database, pgDump: PgTool, deps: BackUpDeps) {
  const client = await database.pool.connect();
  let dumped;
  try {
    dumped = await dumpSnapshot(client, pgDump, deps);
  } finally {
    // Read-only: ending it changes nothing, and lets VACUUM go on.
    await endSnapshot(client).catch(() => undefined);
    client.release();
  }
  const { staged, ...held } = dumped;
  try {
    const digest = await digestOfFile(staged.path);
    await staged.save();
    return { ...held, digest };
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

/**
 * Checks pg_dump against the server, opens the snapshot, reads what the manifest says
 * of it, then dumps it. Nothing is written before the checks have passed.
 */
async function dumpSnapshot(client: pg.PoolClient, pgDump: PgTool, deps: BackUpDeps) {
  const serverMajor = await serverMajorVersion(client);
  requireMajor(pgDump, serverMajor);
  const snapshotId = await beginSnapshot(client);
  const migration = await lastMigration(client);
  if (!migration) throw new RefusedError(m.notSetUp);
  const held = {
    createdAt: (deps.now ?? (() => new Date()))(),
    serverMajor,
    lastMigration: migration,
    counts: await countRows(client),
    photoRows: await listPhotoRows(client),
  };
  const staged = await deps.destination.staging(BACKUP_DATABASE_FILE);
  try {
    await runPgTool(pgDump, deps.databaseUrl, [
      '--format=custom',
      `--snapshot=${snapshotId}`,
      `--file=${staged.path}`,
    ]);
  } catch (error) {
    await staged.discard();
    throw error;
  }
  return { ...held, staged };
}

/**
 * Every photo file of the storage, a few at a time; a temporary `.part` file of an
 * interrupted write is no photo and is left out. A file removed between the listing
 * and its copy is left out too.
 */
async function copyPhotoFiles(
  storage: PhotoStorage,
  destination: BackupStore,
): Promise<ManifestFile[]> {
  const keys: string[] = [];
  for await (const file of storage.list()) if (PHOTO_KEY.test(file.key)) keys.push(file.key);
  const files: ManifestFile[] = [];
  await inLanes(keys, COPY_LANES, async (key) => {
    const data = await storage.get(key);
    if (!data) return;
    const name = `${BACKUP_PHOTOS_FOLDER}${key}`;
    await destination.write(name, data);
    files.push({ name, ...digestOf(data) });
  });
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The photos of the snapshot whose file was not copied. A photo's largest file is
 * the one that must be there (the smaller widths are made from it on request).
 * A photo whose row is gone by now was deleted while the backup ran (its files go
 * at once): that is no fault of the storage.
 */
async function photosNotCopied(
  database: Database,
  photoRows: readonly { adId: number; id: string }[],
  files: readonly ManifestFile[],
): Promise<BackupManifest['photos']> {
  const copied = new Set(files.map((file) => file.name.slice(BACKUP_PHOTOS_FOLDER.length)));
  const absent = photoRows
    .map((row) => ({ id: row.id, key: photoKey(row.adId, row.id, DISPLAY_WIDTH) }))
    .filter((photo) => !copied.has(photo.key));
  if (absent.length === 0) return { missing: [], deletedWhileCopying: [] };
  const existing = await findExistingPhotoIds(
    database.db,
    absent.map((photo) => photo.id),
  );
  return {
    missing: absent.filter((photo) => existing.has(photo.id)).map((photo) => photo.key),
    deletedWhileCopying: absent
      .filter((photo) => !existing.has(photo.id))
      .map((photo) => photo.key),
  };
}
