import { describe, expect, it } from 'vitest';
import {
  backupLocationName,
  backupLocationSchema,
  backupManifestSchema,
  cliBackupMessages,
} from './backup-commands.js';

const sha = 'a'.repeat(64);
const photo = 'photos/12/0a1b2c3d-0000-4000-8000-000000000001-1600.webp';
const manifest = {
  format: 'adboard-backup',
  formatVersion: 1,
  createdAt: '2026-12-01T20:00:00.000Z',
  app: { version: '1.2.0', lastMigration: '0014_operator_actions.sql' },
  database: {
    file: 'database.dump',
    serverMajor: 15,
    pgDump: 'pg_dump (PostgreSQL) 15.20',
    pgDumpMajor: 15,
  },
  counts: {
    users: 1,
    ads: 1,
    photos: 1,
    paymentOrders: 0,
    refunds: 0,
    auditEntries: 0,
    photoFiles: 1,
  },
  photos: { missing: [], deletedWhileCopying: [] },
  files: [
    { name: 'database.dump', size: 10, sha256: sha },
    { name: photo, size: 5, sha256: sha },
  ],
};

describe('where a backup goes', () => {
  it('takes a folder as given, and a bucket with an optional prefix ending in /', () => {
    expect(backupLocationSchema.parse('/var/backups/adboard/2026-12-01')).toEqual({
      kind: 'folder',
      path: '/var/backups/adboard/2026-12-01',
    });
    expect(backupLocationSchema.parse(' ./nightly ')).toEqual({
      kind: 'folder',
      path: './nightly',
    });
    expect(backupLocationSchema.parse('s3://my-backups')).toEqual({
      kind: 's3',
      bucket: 'my-backups',
      prefix: '',
    });
    expect(backupLocationSchema.parse('s3://my-backups/adboard/2026-12-01')).toEqual({
      kind: 's3',
      bucket: 'my-backups',
      prefix: 'adboard/2026-12-01/',
    });
    expect(backupLocationSchema.parse('s3://my.backups/a_b/c-d/')).toMatchObject({
      prefix: 'a_b/c-d/',
    });
    expect(backupLocationName(backupLocationSchema.parse('s3://b12/x'))).toBe('s3://b12/x/');
  });

  it('refuses a bucket address it cannot use, with one message', () => {
    for (const bad of [
      's3://',
      's3://Upper',
      's3://a',
      's3://bucket//x',
      's3://bucket/../x',
      's3://bucket/a/./b',
      's3://bucket/a b',
      'S3://bucket',
    ]) {
      const parsed = backupLocationSchema.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message, bad).toBe(cliBackupMessages.badS3Location);
    }
    expect(backupLocationSchema.safeParse('  ').success).toBe(false);
  });
});

describe('the manifest of a backup', () => {
  it('reads a manifest as the backup writes it', () => {
    expect(backupManifestSchema.parse(manifest)).toEqual(manifest);
  });

  it('refuses file names outside the backup, files twice, and a count that is not the list', () => {
    const withFile = (name: string) => ({
      ...manifest,
      files: [manifest.files[0], { name, size: 5, sha256: sha }],
    });
    for (const name of [
      'photos/../../etc/passwd',
      '/etc/passwd',
      'photos/12/x.webp',
      'manifest.json',
      'photos/12/0a1b2c3d-0000-4000-8000-000000000001-1600.webp.0123456789ab.part',
    ]) {
      expect(backupManifestSchema.safeParse(withFile(name)).success, name).toBe(false);
    }
    const twice = { ...manifest, files: [...manifest.files, manifest.files[1]] };
    expect(backupManifestSchema.safeParse(twice).success).toBe(false);
    const noDump = { ...manifest, files: [manifest.files[1]] };
    expect(backupManifestSchema.safeParse(noDump).success).toBe(false);
    const miscounted = { ...manifest, counts: { ...manifest.counts, photoFiles: 2 } };
    expect(backupManifestSchema.safeParse(miscounted).success).toBe(false);
    const badSum = {
      ...manifest,
      files: [{ ...manifest.files[0], sha256: 'xyz' }, manifest.files[1]],
    };
    expect(backupManifestSchema.safeParse(badSum).success).toBe(false);
  });
});
