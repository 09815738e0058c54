import {
  BACKUP_DATABASE_FILE,
  BACKUP_MANIFEST_FILE,
  BACKUP_PHOTOS_FOLDER,
  backupCountNames,
  backupManifestSchema,
  cliBackupMessages as m,
  sayIn,
  type BackupCountName,
  type BackupCounts,
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
import { openDatabase, type Database } from '../../db/database.js';
import { migrate, migrationFiles } from '../../db/migrate.js';
import { RefusedError } from '../../domain/errors.js';
import { COPY_LANES, digestOf, digestOfFile, inLanes, type FileDigest } from './backup-files.js';
import { countRows, listTables, serverMajorVersion } from './backup-repository.js';

export interface RestoreDeps {
  databaseUrl: string;
  storage: PhotoStorage;
  source: BackupStore;
  /** How messages name it. */
  sourceName: string;
  pgBinDir: string | undefined;
  migrationsDir: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** What the database and the storage hold once restored, before migrating. */
  counts: BackupCounts;
  differences: { name: BackupCountName; restored: number; manifest: number }[];
  /** The migrations newer than the backup, applied after it. */
  migrated: string[];
}

/**
 * Brings a backup back into an empty database and an empty photo storage. Every
 * refusal comes before anything is changed: a backup made by a newer version, no
 * usable pg_restore, a database or storage that holds anything, and a file of the
 * backup that is not what its manifest says. Then pg_restore in one transaction, the
 * photo files, the counts compared, and the migrations newer than the backup.
 */
export async function restoreSite(deps: RestoreDeps): Promise<RestoreResult> {
  const manifest = await readManifest(deps.source, deps.sourceName);
  const known = await migrationFiles(deps.migrationsDir);
  if (!known.includes(manifest.app.lastMigration)) {
    throw new RefusedError(m.newerBackup(manifest.app.lastMigration));
  }
  const pgRestore = await findPgTool('pg_restore', deps.pgBinDir);
  const database = openDatabase(deps.databaseUrl, { max: 2 });
  try {
    await requireEmptyTarget(database, deps.storage, pgRestore, manifest);
    const dump = await verifyBackup(deps.source, manifest);
    try {
      await runPgTool(pgRestore, deps.databaseUrl, [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        dump.path,
      ]);
    } finally {
      await dump.release();
    }
    await copyPhotoFilesBack(deps.source, deps.storage, manifest);
    const counts = {
      ...(await countRows(database.pool)),
      photoFiles: await countPhotoFiles(deps.storage),
    };
    const differences = backupCountNames
      .filter((name) => counts[name] !== manifest.counts[name])
      .map((name) => ({ name, restored: counts[name], manifest: manifest.counts[name] }));
    const migrated = await migrate(database.pool, deps.migrationsDir);
    return { manifest, counts, differences, migrated };
  } finally {
    await database.close();
  }
}

async function readManifest(source: BackupStore, sourceName: string): Promise<BackupManifest> {
  const bytes = await source.read(BACKUP_MANIFEST_FILE);
  if (!bytes) throw new RefusedError(m.noManifest(sourceName));
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new RefusedError(m.badManifest((error as Error).message));
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RefusedError(
      m.badManifest(`${issue?.path.join('.') || 'manifest'}: ${sayIn('en', issue?.message ?? '')}`),
    );
  }
  return parsed.data;
}

/** pg_restore able to read the dump into this server; nothing in the database or storage. */
async function requireEmptyTarget(
  database: Database,
  storage: PhotoStorage,
  pgRestore: PgTool,
  manifest: BackupManifest,
): Promise<void> {
  const serverMajor = await serverMajorVersion(database.pool);
  requireMajor(pgRestore, Math.max(serverMajor, manifest.database.pgDumpMajor));
  const tables = await listTables(database.pool);
  if (tables.length > 0) throw new RefusedError(m.databaseNotEmpty(tables));
  const stored: string[] = [];
  for await (const file of storage.list()) {
    stored.push(file.key);
    if (stored.length > 5) break;
  }
  if (stored.length > 0) throw new RefusedError(m.storageNotEmpty(stored));
}

const photoFilesOf = (manifest: BackupManifest) =>
  manifest.files.filter((file) => file.name !== BACKUP_DATABASE_FILE);

/**
 * Every file of the backup checked against the manifest before anything changes;
 * answers the dump as a file of this machine, for pg_restore.
 */
async function verifyBackup(source: BackupStore, manifest: BackupManifest) {
  const dumpEntry = manifest.files.find((file) => file.name === BACKUP_DATABASE_FILE);
  const dump = await source.localCopy(BACKUP_DATABASE_FILE);
  if (!dumpEntry || !dump) throw new RefusedError(m.fileMissing(BACKUP_DATABASE_FILE));
  try {
    checkFile(dumpEntry, await digestOfFile(dump.path));
    await inLanes(photoFilesOf(manifest), COPY_LANES, async (file) => {
      const data = await source.read(file.name);
      checkFile(file, data && digestOf(data));
    });
  } catch (error) {
    await dump.release();
    throw error;
  }
  return dump;
}

/** The photo files into the storage; a failure here comes after the database is restored. */
async function copyPhotoFilesBack(
  source: BackupStore,
  storage: PhotoStorage,
  manifest: BackupManifest,
): Promise<void> {
  try {
    await inLanes(photoFilesOf(manifest), COPY_LANES, async (file) => {
      const data = await source.read(file.name);
      // The bytes stored are the bytes checked, should the backup change meanwhile.
      checkFile(file, data && digestOf(data));
      if (data) await storage.put(file.name.slice(BACKUP_PHOTOS_FOLDER.length), data);
    });
  } catch (error) {
    throw new Error(m.photosNotRestored((error as Error).message));
  }
}

/** Refuses a file that is not there, or not what the manifest says. */
function checkFile(expected: BackupManifest['files'][number], found: FileDigest | null): void {
  if (!found) throw new RefusedError(m.fileMissing(expected.name));
  if (found.size !== expected.size) {
    throw new RefusedError(m.fileWrongSize(expected.name, expected.size, found.size));
  }
  if (found.sha256 !== expected.sha256) throw new RefusedError(m.fileWrongChecksum(expected.name));
}

async function countPhotoFiles(storage: PhotoStorage): Promise<number> {
  let count = 0;
  for await (const file of storage.list()) if (PHOTO_KEY.test(file.key)) count += 1;
  return count;
}
