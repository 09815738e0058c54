import { z } from 'zod';
import { photoKeyPattern } from '../photo-formats.js';
import { cliMessages } from './cli-messages.js';

/** What a backup counts, in the order its lines name them. */
export const backupCountNames = [
  'users',
  'ads',
  'photos',
  'paymentOrders',
  'refunds',
  'auditEntries',
  'photoFiles',
] as const;
export type BackupCountName = (typeof backupCountNames)[number];
export type BackupCounts = Record<BackupCountName, number>;

const countLabels: Record<BackupCountName, string> = {
  users: 'users',
  ads: 'ads',
  photos: 'photos',
  paymentOrders: 'payment orders',
  refunds: 'refunds',
  auditEntries: 'audit entries',
  photoFiles: 'photo files',
};

/** At most this many keys are named in one line; the manifest has them all. */
const KEYS_NAMED = 5;
const someKeys = (keys: readonly string[]) =>
  keys.slice(0, KEYS_NAMED).join(', ') + (keys.length > KEYS_NAMED ? ', …' : '');

/** Backup and restore at the command line: what they say and what they accept. */
export const cliBackupMessages = {
  backupSummary:
    'write a backup: the database (pg_dump) and every photo file, with a manifest of checksums',
  restoreSummary:
    'bring a backup back into an empty database and an empty photo storage, then migrate',
  toOption:
    'where: a new or empty folder, or s3://<bucket>/<prefix> (reached with the S3_* settings)',
  fromOption: 'the backup: its folder, or s3://<bucket>/<prefix>',
  badS3Location:
    'give s3://<bucket>/<prefix>: a bucket name (lowercase letters, digits, dots, hyphens), then an optional prefix of plain names separated by /',

  /** Finding pg_dump and pg_restore (PG_BIN_DIR, or the PATH). */
  toolMissing: (tool: string, binDir: string | undefined) =>
    `${tool} was not found ${binDir ? `in PG_BIN_DIR (${binDir})` : 'on the PATH'}: install Debian's postgresql-client package (apt-get install postgresql-client), or set PG_BIN_DIR to the folder that has it`,
  toolTooOld: (tool: string, toolMajor: number, serverMajor: number) =>
    `${tool} is PostgreSQL ${toolMajor}, older than the ${serverMajor} it must read: install postgresql-client-${serverMajor} or newer (PostgreSQL's apt repository), or set PG_BIN_DIR to its bin folder`,
  toolFailed: (tool: string, detail: string) => `${tool} failed: ${detail}`,

  /** Backup. */
  destinationNotEmpty: (location: string) =>
    `${location} is not empty: a backup goes into a new or empty folder or bucket prefix`,
  notAFolder: (location: string) => `${location} is not a folder`,
  notSetUp:
    'the database has no migrations applied (the site was never started on it): nothing to back up',
  backedUp: (location: string) => `backup written to ${location}`,
  version: (version: string, lastMigration: string) =>
    `version ${version}, last migration ${lastMigration}`,
  counts: (counts: BackupCounts) =>
    backupCountNames.map((name) => `${countLabels[name]} ${counts[name]}`).join(', '),
  deletedWhileCopying: (count: number) =>
    `${count} photo file(s) were deleted by their owners while the backup ran: their rows are in the database copy, their files are not`,
  missingPhotos: (keys: readonly string[]) =>
    `the backup is written, but ${keys.length} photo file(s) the database lists are not in the storage (manifest.json lists them): ${someKeys(keys)}`,

  /** Restore. */
  noManifest: (location: string) =>
    `${location} has no manifest.json: not a complete backup (a backup writes it last)`,
  badManifest: (detail: string) => `manifest.json is not a backup manifest: ${detail}`,
  fileMissing: (name: string) => `the backup is damaged, nothing was changed: ${name} is missing`,
  fileWrongSize: (name: string, expected: number, found: number) =>
    `the backup is damaged, nothing was changed: ${name} has ${found} bytes, the manifest says ${expected}`,
  fileWrongChecksum: (name: string) =>
    `the backup is damaged, nothing was changed: ${name} does not match its SHA-256 checksum`,
  newerBackup: (migration: string) =>
    `the backup was made by a newer version (its last migration ${migration} is unknown here): restore it with that version or a later one`,
  databaseNotEmpty: (tables: readonly string[]) =>
    `the database is not empty (${tables.length} table(s): ${someKeys(tables)}): a backup is restored into an empty database`,
  storageNotEmpty: (keys: readonly string[]) =>
    `the photo storage is not empty (${someKeys(keys)}): a backup is restored into an empty storage`,
  photosNotRestored: (detail: string) =>
    `the database is restored but not every photo file could be stored (${detail}): drop the database, empty the storage and restore again`,
  restored: (location: string, createdAt: string) =>
    `restored the backup of ${createdAt} from ${location}`,
  migrated: (migrations: readonly string[]) =>
    migrations.length === 0
      ? 'no newer migrations to apply'
      : `applied ${migrations.length} newer migration(s): ${migrations.join(', ')}`,
  countsMatch: 'every count matches the manifest',
  countsDiffer: (
    differences: readonly { name: BackupCountName; restored: number; manifest: number }[],
  ) =>
    `restored, but counts differ from the manifest: ${differences
      .map((d) => `${countLabels[d.name]} ${d.restored} (manifest ${d.manifest})`)
      .join(', ')}`,
} as const;

/** Where a backup is written or read: a folder of this machine, or a bucket prefix. */
export type BackupLocation =
  | { readonly kind: 'folder'; readonly path: string }
  | { readonly kind: 's3'; readonly bucket: string; readonly prefix: string };

/** s3://bucket, s3://bucket/ or s3://bucket/a/b(/): plain names, no `.` or `..` segment. */
const S3_LOCATION =
  /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/((?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*(?:[A-Za-z0-9_-][A-Za-z0-9._-]*)?))?$/;

export const backupLocationSchema = z
  .string({ error: cliMessages.required })
  .trim()
  .min(1, { error: cliMessages.required })
  .refine((value) => !/^s3:/i.test(value) || S3_LOCATION.test(value), {
    error: cliBackupMessages.badS3Location,
  })
  .transform((value): BackupLocation => {
    const s3 = S3_LOCATION.exec(value);
    if (!s3) return { kind: 'folder', path: value };
    const prefix = s3[2] ?? '';
    return {
      kind: 's3',
      bucket: s3[1] ?? '',
      prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    };
  });

/** How a location is named in messages: the folder as given, or its s3:// address. */
export function backupLocationName(location: BackupLocation): string {
  return location.kind === 'folder' ? location.path : `s3://${location.bucket}/${location.prefix}`;
}

export const cliBackupInputSchema = z.object({ to: backupLocationSchema });
export const cliRestoreInputSchema = z.object({ from: backupLocationSchema });

/** The database's file in a backup, and the folder of the photo files (their storage keys). */
export const BACKUP_DATABASE_FILE = 'database.dump';
export const BACKUP_PHOTOS_FOLDER = 'photos/';
export const BACKUP_MANIFEST_FILE = 'manifest.json';

const photoKeySchema = z.string().regex(photoKeyPattern, { error: 'not a photo file name' });
const backupFileNameSchema = z.union([
  z.literal(BACKUP_DATABASE_FILE),
  z
    .string()
    .refine((name) => name.startsWith(BACKUP_PHOTOS_FOLDER), {
      error: 'not a file of a backup',
    })
    .refine((name) => photoKeyPattern.test(name.slice(BACKUP_PHOTOS_FOLDER.length)), {
      error: 'not a photo file name',
    }),
]);
const count = z.number().int().nonnegative();

/**
 * manifest.json, written last: a backup without it is incomplete. It names every
 * file with its size and SHA-256, what was counted in the database's snapshot,
 * and nothing secret (no address, no password, no key).
 */
export const backupManifestSchema = z
  .object({
    format: z.literal('adboard-backup'),
    formatVersion: z.literal(1),
    createdAt: z.iso.datetime(),
    app: z.object({
      /** The server package's version. */
      version: z.string().min(1).max(100),
      /** The last migration the database had applied (schema_migrations). */
      lastMigration: z.string().regex(/^[0-9A-Za-z_.-]+\.sql$/),
    }),
    database: z.object({
      file: z.literal(BACKUP_DATABASE_FILE),
      /** The server's major version; pg_dump's as it said it, and its major one. */
      serverMajor: count,
      pgDump: z.string().min(1).max(200),
      pgDumpMajor: count,
    }),
    counts: z.object(
      Object.fromEntries(backupCountNames.map((name) => [name, count])) as Record<
        BackupCountName,
        typeof count
      >,
    ),
    photos: z.object({
      /** Listed by the database's snapshot, and in the storage neither then nor now. */
      missing: z.array(photoKeySchema),
      /** Listed by the snapshot, gone from the storage because their rows were deleted since. */
      deletedWhileCopying: z.array(photoKeySchema),
    }),
    files: z.array(
      z.object({
        name: backupFileNameSchema,
        size: count,
        sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'not a SHA-256 checksum' }),
      }),
    ),
  })
  .refine((manifest) => new Set(manifest.files.map((f) => f.name)).size === manifest.files.length, {
    error: 'a file is listed twice',
  })
  .refine((manifest) => manifest.files.some((f) => f.name === BACKUP_DATABASE_FILE), {
    error: `${BACKUP_DATABASE_FILE} is not listed`,
  })
  .refine(
    (manifest) =>
      manifest.files.filter((f) => f.name !== BACKUP_DATABASE_FILE).length ===
      manifest.counts.photoFiles,
    { error: 'the photo files listed are not the count of photo files' },
  );
export type BackupManifest = z.infer<typeof backupManifestSchema>;
