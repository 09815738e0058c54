import {
  chmod,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cliBackupMessages as m, cliMessages, type BackupManifest } from '@adboard/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskPhotoStorage } from '../../src/adapters/storage/disk-photo-storage.js';
import type { PhotoStorage } from '../../src/adapters/storage/photo-storage.js';
import { registerVerified, relaxedLimiter } from '../support/accounts.js';
import { createAd } from '../support/ads.js';
import { cli } from '../support/cli.js';
import { as } from '../support/moderation-fixtures.js';
import { addPhotos, jpegFile } from '../support/photos.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/** What a restore refused must have left: a database without a table, a storage without a file. */
async function untouched(db: TestDatabase, storage: PhotoStorage): Promise<void> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    expect(rows).toEqual([]);
  } finally {
    await client.end();
  }
  for await (const file of storage.list()) expect.fail(`the storage holds ${file.key}`);
}

const refused = (message: string) => [cliMessages.refused(message)];

describe('backup and restore refuse what would not give a whole, consistent copy', () => {
  let t: TestApp;
  let root: string;
  /** A complete backup of the app, copied before each test spoils it. */
  let good: string;
  let manifest: BackupManifest;
  const cleanup: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    const owner = await registerVerified(t.app, 'owner@example.com', 'a long enough passphrase');
    const { postId } = await createAd(t.app, { session: owner.token });
    await addPhotos(t.app, postId, [await jpegFile()], as(owner.token).headers);
    root = await mkdtemp(path.join(os.tmpdir(), 'adboard-backup-refusals-'));
    good = path.join(root, 'good');
    const made = await cli(t, ['backup', '--to', good]);
    expect(made.code, made.err.join('\n')).toBe(0);
    manifest = JSON.parse(await readFile(path.join(good, 'manifest.json'), 'utf8'));
  });
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    await rm(root, { recursive: true, force: true });
    await t?.close();
  });

  let copies = 0;
  /** A copy of the good backup, to spoil. */
  const copyOfGood = async () => {
    copies += 1;
    const copy = path.join(root, `copy-${copies}`);
    await cp(good, copy, { recursive: true });
    return copy;
  };
  /** An empty database and an empty photo folder to restore into. */
  const emptyTarget = async () => {
    const db = await createTestDatabase();
    cleanup.push(() => db.drop());
    const storage = createDiskPhotoStorage(await mkdtemp(path.join(root, 'photos-')));
    return { db, storage };
  };
  const restoreInto = (
    from: string,
    target: { db: { url: string }; storage: PhotoStorage },
    env: Record<string, string> = {},
  ) =>
    cli(t, ['restore', '--from', from], {
      env: { DATABASE_URL: target.db.url, ...env },
      storage: target.storage,
    });
  /** A folder holding a pg_dump or pg_restore that is only this shell script. */
  const fakeTool = async (name: string, script: string) => {
    const dir = await mkdtemp(path.join(root, 'bin-'));
    await writeFile(path.join(dir, name), `#!/bin/sh\n${script}\n`);
    await chmod(path.join(dir, name), 0o755);
    return dir;
  };
  const serverMajor = async () => {
    const { rows } = await t.database.pool.query<{ n: number }>(
      "SELECT current_setting('server_version_num')::int AS n",
    );
    return Math.floor(Number(rows[0]?.n) / 10_000);
  };

  it('writes the backup with its files readable by the machine user alone', async () => {
    const names = manifest.files.map((file) => file.name);
    expect(names).toContain('database.dump');
    expect(names.filter((name) => name.startsWith('photos/'))).toHaveLength(3);
    for (const name of [...names, 'manifest.json']) {
      expect(((await stat(path.join(good, name))).mode & 0o777).toString(8), name).toBe('600');
    }
  });

  it('refuses a destination that is not empty, or not a folder, writing nothing', async () => {
    const used = path.join(root, 'used');
    await mkdir(used);
    await writeFile(path.join(used, 'notes.txt'), 'mine');
    const intoUsed = await cli(t, ['backup', '--to', used]);
    expect(intoUsed).toMatchObject({ code: 1, out: [], err: refused(m.destinationNotEmpty(used)) });
    expect(await readdir(used)).toEqual(['notes.txt']);

    const file = path.join(root, 'a-file');
    await writeFile(file, 'x');
    const intoFile = await cli(t, ['backup', '--to', file]);
    expect(intoFile).toMatchObject({ code: 1, err: refused(m.notAFolder(file)) });
  });

  it('refuses without pg_dump, naming Debian’s package, before writing anything', async () => {
    const empty = await mkdtemp(path.join(root, 'no-tools-'));
    const to = path.join(root, 'never-made');
    const run = await cli(t, ['backup', '--to', to], { env: { PG_BIN_DIR: empty } });
    expect(run).toMatchObject({ code: 1, out: [], err: refused(m.toolMissing('pg_dump', empty)) });
    expect(run.err[0]).toContain('postgresql-client');
    await expect(readdir(to)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a pg_dump older than the database server', async () => {
    const old = await fakeTool(
      'pg_dump',
      'echo "pg_dump (PostgreSQL) 9.6.24"; [ "$1" = "--version" ] || exit 3',
    );
    const to = path.join(root, 'too-old');
    const run = await cli(t, ['backup', '--to', to], { env: { PG_BIN_DIR: old } });
    expect(run).toMatchObject({
      code: 1,
      err: refused(m.toolTooOld('pg_dump', 9, await serverMajor())),
    });
    await expect(readdir(to)).rejects.toThrow(/ENOENT/);
  });

  it('gives pg_dump the password in its environment, never on its command line or in a message', async () => {
    const url = new URL(t.databaseUrl);
    // A server that trusts local connections (CI's) ignores a password: give one anyway.
    if (!url.password) url.password = 'not-checked-here';
    const secret = decodeURIComponent(url.password);
    const bin = await fakeTool(
      'pg_dump',
      [
        'if [ "$1" = "--version" ]; then echo "pg_dump (PostgreSQL) 99.1"; exit 0; fi',
        'printf "%s\\n" "$@" > "$(dirname "$0")/args"',
        'printf "%s" "$PGPASSWORD" > "$(dirname "$0")/password"',
        'echo "pg_dump: error: the server said no to $PGPASSWORD" >&2',
        'exit 1',
      ].join('\n'),
    );
    const to = path.join(root, 'failed-dump');
    const run = await cli(t, ['backup', '--to', to], {
      env: { PG_BIN_DIR: bin, DATABASE_URL: url.toString() },
    });
    expect(run).toMatchObject({
      code: 1,
      out: [],
      err: [
        cliMessages.failed(m.toolFailed('pg_dump', 'pg_dump: error: the server said no to ***')),
      ],
    });
    const args = await readFile(path.join(bin, 'args'), 'utf8');
    expect(args).toContain('--format=custom');
    expect(args).toMatch(/--snapshot=\S+/);
    expect(args).not.toContain(secret);
    expect(await readFile(path.join(bin, 'password'), 'utf8')).toBe(secret);
    // No manifest: nobody mistakes what is there for a backup.
    expect(await readdir(to)).not.toContain('manifest.json');
  });

  it('reports a photo the database lists that the storage lacks, and writes the rest', async () => {
    const [photoFile] = manifest.files.filter((file) => file.name.endsWith('-1600.webp'));
    const key = photoFile?.name.slice('photos/'.length) ?? '';
    const kept = await t.storage.get(key);
    expect(kept).not.toBeNull();
    await t.storage.delete(key);
    try {
      const to = path.join(root, 'with-a-hole');
      const run = await cli(t, ['backup', '--to', to]);
      expect(run.code).toBe(1);
      expect(run.out[0]).toBe(m.backedUp(to));
      expect(run.err).toEqual(refused(m.missingPhotos([key])));
      const written = JSON.parse(await readFile(path.join(to, 'manifest.json'), 'utf8'));
      expect(written.photos).toEqual({ missing: [key], deletedWhileCopying: [] });
      expect(written.counts.photoFiles).toBe(2);
    } finally {
      if (kept) await t.storage.put(key, kept);
    }
  });

  it('refuses a damaged backup, changing nothing: a photo altered, the dump cut, a file gone', async () => {
    const target = await emptyTarget();
    const photo = manifest.files.find((file) => file.name.startsWith('photos/'))?.name ?? '';

    const altered = await copyOfGood();
    const bytes = await readFile(path.join(altered, photo));
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
    await writeFile(path.join(altered, photo), bytes);
    expect(await restoreInto(altered, target)).toMatchObject({
      code: 1,
      out: [],
      err: refused(m.fileWrongChecksum(photo)),
    });

    const cut = await copyOfGood();
    const dump = await readFile(path.join(cut, 'database.dump'));
    await writeFile(path.join(cut, 'database.dump'), dump.subarray(0, dump.length - 10));
    expect(await restoreInto(cut, target)).toMatchObject({
      code: 1,
      err: refused(m.fileWrongSize('database.dump', dump.length, dump.length - 10)),
    });

    const gone = await copyOfGood();
    await rm(path.join(gone, photo));
    expect(await restoreInto(gone, target)).toMatchObject({
      code: 1,
      err: refused(m.fileMissing(photo)),
    });
    await untouched(target.db, target.storage);
  });

  it('refuses what is no complete backup: no manifest, a manifest that is not one, a newer version', async () => {
    const target = await emptyTarget();
    const incomplete = await copyOfGood();
    await rm(path.join(incomplete, 'manifest.json'));
    expect(await restoreInto(incomplete, target)).toMatchObject({
      code: 1,
      err: refused(m.noManifest(incomplete)),
    });

    const garbled = await copyOfGood();
    await writeFile(path.join(garbled, 'manifest.json'), '{"format":"adboard-backup"');
    const notJson = await restoreInto(garbled, target);
    expect(notJson.code).toBe(1);
    expect(notJson.err[0]).toMatch(/^refused: manifest\.json is not a backup manifest: /);

    const escaping = await copyOfGood();
    const evil = {
      ...manifest,
      files: [...manifest.files, { ...manifest.files[0], name: 'photos/../../etc/passwd' }],
    };
    await writeFile(path.join(escaping, 'manifest.json'), JSON.stringify(evil));
    const outside = await restoreInto(escaping, target);
    expect(outside.code).toBe(1);
    expect(outside.err[0]).toMatch(/^refused: manifest\.json is not a backup manifest: files\./);

    const newer = await copyOfGood();
    const future = { ...manifest, app: { ...manifest.app, lastMigration: '9999_future.sql' } };
    await writeFile(path.join(newer, 'manifest.json'), JSON.stringify(future));
    expect(await restoreInto(newer, target)).toMatchObject({
      code: 1,
      err: refused(m.newerBackup('9999_future.sql')),
    });
    await untouched(target.db, target.storage);
  });

  it('refuses a database that has tables, and a storage that has photos', async () => {
    const target = await emptyTarget();
    const intoLiveDatabase = await restoreInto(good, {
      db: { url: t.databaseUrl },
      storage: target.storage,
    });
    expect(intoLiveDatabase.code).toBe(1);
    expect(intoLiveDatabase.err[0]).toMatch(
      /^refused: the database is not empty \(\d+ table\(s\): /,
    );

    const intoLiveStorage = await restoreInto(good, { db: target.db, storage: t.storage });
    expect(intoLiveStorage.code).toBe(1);
    expect(intoLiveStorage.err[0]).toMatch(/^refused: the photo storage is not empty \(\d+\//);
    await untouched(target.db, target.storage);
  });

  it('says what to do when the photo store fails after the database is restored', async () => {
    const target = await emptyTarget();
    const down: PhotoStorage = {
      ...target.storage,
      put: async () => {
        throw new Error('the store does not answer');
      },
    };
    const run = await restoreInto(good, { db: target.db, storage: down });
    expect(run).toMatchObject({
      code: 1,
      err: [cliMessages.failed(m.photosNotRestored('the store does not answer'))],
    });
  });

  it('refuses to restore without pg_restore', async () => {
    const target = await emptyTarget();
    const empty = await mkdtemp(path.join(root, 'no-tools-'));
    expect(await restoreInto(good, target, { PG_BIN_DIR: empty })).toMatchObject({
      code: 1,
      err: refused(m.toolMissing('pg_restore', empty)),
    });
    await untouched(target.db, target.storage);
  });

  it('answers bad usage with exit 2 and the help hint, opening nothing', async () => {
    const noWhere = await cli(t, ['backup']);
    expect(noWhere).toMatchObject({
      code: 2,
      err: [
        cliMessages.optionProblem('to', cliMessages.required),
        cliMessages.commandHelpHint('backup'),
      ],
    });
    const badBucket = await cli(t, ['backup', '--to', 's3://Not_A_Bucket/x']);
    expect(badBucket).toMatchObject({
      code: 2,
      err: [
        cliMessages.optionProblem('to', m.badS3Location),
        cliMessages.commandHelpHint('backup'),
      ],
    });
    const climbing = await cli(t, ['restore', '--from', 's3://bucket/../x']);
    expect(climbing.code).toBe(2);
    const misspelt = await cli(t, ['restore', '--form', good]);
    expect(misspelt).toMatchObject({
      code: 2,
      err: [cliMessages.unknownOption('--form'), cliMessages.commandHelpHint('restore')],
    });
    expect((await cli(t, ['restore', good])).code).toBe(2);
  });
});
