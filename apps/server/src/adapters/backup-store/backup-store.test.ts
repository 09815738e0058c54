import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type LocalS3Server } from '../../../test/support/s3-server.js';
import { loadConfig } from '../../config.js';
import type { BackupStore } from './backup-store.js';
import { createFolderBackupStore } from './folder-backup-store.js';
import { createS3BackupStore } from './s3-backup-store.js';

/**
 * The BackupStore contract, the same cases for a folder and for a bucket prefix on a
 * local S3 protocol server (s3rver); a large file goes up in parts (small ones here).
 */
interface Place {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** A store of its own, and one on the same place beside it (another folder or prefix). */
  open(): Promise<{ store: BackupStore; neighbour: BackupStore }>;
}

const PART_BYTES = 64 * 1024;

let scratch = '';
const folder: Place = {
  name: 'a folder',
  async setUp() {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'adboard-backup-store-'));
  },
  async tearDown() {
    await rm(scratch, { recursive: true, force: true });
  },
  async open() {
    const root = await mkdtemp(path.join(scratch, 'place-'));
    return {
      store: createFolderBackupStore(path.join(root, 'backup')),
      neighbour: createFolderBackupStore(path.join(root, 'other')),
    };
  },
};

let server: LocalS3Server | null = null;
let prefixes = 0;
const bucket: Place = {
  name: 'a bucket prefix',
  async setUp() {
    server = await startS3Server();
  },
  async tearDown() {
    await server?.close();
  },
  async open() {
    if (!server) throw new Error('no S3 server');
    const { s3 } = loadConfig({ NODE_ENV: 'test', ...server.env });
    prefixes += 1;
    return {
      store: createS3BackupStore(s3, server.bucket, `run-${prefixes}/`, { partBytes: PART_BYTES }),
      neighbour: createS3BackupStore(s3, server.bucket, `run-${prefixes}-other/`),
    };
  },
};

describe.each([folder, bucket])('a backup in $name', (place) => {
  beforeAll(() => place.setUp());
  afterAll(() => place.tearDown());

  it('is empty until a file is written, and files elsewhere do not count', async () => {
    const { store, neighbour } = await place.open();
    expect(await store.isEmpty()).toBe(true);
    await neighbour.write('manifest.json', Buffer.from('{}'));
    expect(await store.isEmpty()).toBe(true);
    await store.write('photos/1/a.webp', Buffer.from('x'));
    expect(await store.isEmpty()).toBe(false);
    store.close();
    neighbour.close();
  });

  it('gives back what was written, and null for what was not', async () => {
    const { store } = await place.open();
    const bytes = Buffer.concat([Buffer.from([0, 255, 10, 13]), randomBytes(3000)]);
    await store.write('photos/12/b.webp', bytes);
    expect((await store.read('photos/12/b.webp'))?.equals(bytes)).toBe(true);
    expect(await store.read('photos/12/none.webp')).toBeNull();
    expect(await store.localCopy('database.dump')).toBeNull();
    store.close();
  });

  it('keeps a file a program wrote through staging, large ones in parts, and reads it back as a file', async () => {
    const { store } = await place.open();
    for (const size of [10, PART_BYTES * 3 + 123]) {
      const name = `dump-${size}`;
      const bytes = randomBytes(size);
      const staged = await store.staging(name);
      await writeFile(staged.path, bytes);
      await staged.save();
      const copy = await store.localCopy(name);
      expect(copy).not.toBeNull();
      expect((await readFile(copy?.path ?? '')).equals(bytes)).toBe(true);
      await copy?.release();
    }
    store.close();
  });
});

describe('a backup in a folder only', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'adboard-backup-folder-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('makes its folders for the machine user alone, its files readable by it alone', async () => {
    const store = createFolderBackupStore(path.join(root, 'private'));
    await store.write('photos/1/a.webp', Buffer.from('x'));
    const staged = await store.staging('database.dump');
    await writeFile(staged.path, 'dump', { mode: 0o644 });
    await staged.save();
    const mode = async (name: string) =>
      ((await stat(path.join(root, 'private', name))).mode & 0o777).toString(8);
    expect(await mode('.')).toBe('700');
    expect(await mode('photos/1')).toBe('700');
    expect(await mode('photos/1/a.webp')).toBe('600');
    expect(await mode('database.dump')).toBe('600');
  });

  it('never writes outside its folder, nor over a file', async () => {
    const store = createFolderBackupStore(path.join(root, 'closed'));
    await expect(store.write('../escaped', Buffer.from('x'))).rejects.toThrow();
    await expect(stat(path.join(root, 'escaped'))).rejects.toThrow(/ENOENT/);
    await store.write('manifest.json', Buffer.from('first'));
    await expect(store.write('manifest.json', Buffer.from('second'))).rejects.toThrow(/EEXIST/);
  });
});

describe('a backup in a bucket prefix only', () => {
  beforeAll(() => bucket.setUp());
  afterAll(() => bucket.tearDown());

  it('uploads nothing, and leaves no scratch file, for a staging discarded', async () => {
    const { store } = await bucket.open();
    const staged = await store.staging('database.dump');
    await writeFile(staged.path, 'half a dump');
    await staged.discard();
    await expect(stat(staged.path)).rejects.toThrow(/ENOENT/);
    expect(await store.isEmpty()).toBe(true);
    store.close();
  });
});
