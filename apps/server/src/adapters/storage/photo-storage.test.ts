import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type LocalS3Server } from '../../../test/support/s3-server.js';
import { loadConfig } from '../../config.js';
import { createDiskPhotoStorage } from './disk-photo-storage.js';
import type { PhotoStorage } from './photo-storage.js';
import { createS3PhotoStorage, type S3StorageSettings } from './s3-photo-storage.js';

/**
 * The PhotoStorage contract, the same cases for both stores: the local folder, and
 * a bucket on a local S3 protocol server (s3rver) that the test starts.
 */
interface OpenStore {
  storage: PhotoStorage;
  /** Writes a file the storage did not make, under this name, past the storage. */
  plant(name: string, data: Buffer): Promise<void>;
  /** The store stops answering. */
  goDown(): Promise<void>;
  /** It answers again, with what it had. */
  comeBack(): Promise<void>;
  close(): Promise<void>;
}

interface Store {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** A store of its own for one test; `listPageSize` makes a listing take several pages. */
  open(options?: { listPageSize?: number }): Promise<OpenStore>;
}

function s3SettingsOf(env: Record<string, string>): S3StorageSettings {
  const { storage } = loadConfig({ NODE_ENV: 'test', ...env });
  if (storage.kind !== 's3') throw new Error('not S3 settings');
  return storage;
}

const localFolder: Store = {
  name: 'the local folder',
  async setUp() {},
  async tearDown() {},
  async open() {
    const root = await mkdtemp(path.join(os.tmpdir(), 'adboard-disk-storage-'));
    const photos = path.join(root, 'photos');
    return {
      storage: createDiskPhotoStorage(photos),
      async plant(name, data) {
        await mkdir(path.dirname(path.join(photos, name)), { recursive: true });
        await writeFile(path.join(photos, name), data);
      },
      // The folder gives way to a file: nothing can be read or written under it.
      async goDown() {
        await rename(photos, `${photos}.away`).catch(() => undefined);
        await writeFile(photos, 'not a folder');
      },
      async comeBack() {
        await rm(photos);
        await rename(`${photos}.away`, photos).catch(() => undefined);
      },
      async close() {
        await rm(root, { recursive: true, force: true });
      },
    };
  },
};

let server: LocalS3Server | null = null;
let bucketCount = 0;
const s3Bucket: Store = {
  name: 'an S3 bucket',
  async setUp() {
    server = await startS3Server();
  },
  async tearDown() {
    await server?.close();
  },
  async open(options = {}) {
    if (!server) throw new Error('no S3 server');
    const s3 = server;
    // A fresh bucket for each test, on the same server.
    bucketCount += 1;
    const bucket = `photos-${bucketCount}-${randomBytes(3).toString('hex')}`;
    const created = await fetch(`${s3.endpoint}/${bucket}`, { method: 'PUT' });
    expect(created.status).toBe(200);
    const storage = createS3PhotoStorage(s3SettingsOf({ ...s3.env, S3_BUCKET: bucket }), options);
    return {
      storage,
      async plant(name, data) {
        // s3rver takes unsigned requests.
        const put = await fetch(`${s3.endpoint}/${bucket}/${name}`, { method: 'PUT', body: data });
        expect(put.status).toBe(200);
      },
      goDown: () => s3.stop(),
      comeBack: () => s3.restart(),
      async close() {
        storage.close();
      },
    };
  },
};

async function collect(storage: PhotoStorage) {
  const found: { key: string; modifiedAt: Date }[] = [];
  for await (const file of storage.list()) found.push(file);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

const key = (adId = 12, width = 1600, id = randomUUID()) => `${adId}/${id}-${width}.webp`;

describe.each([localFolder, s3Bucket])('photo storage in $name', (store) => {
  let opened: OpenStore[] = [];
  const open = async (options?: { listPageSize?: number }) => {
    const one = await store.open(options);
    opened.push(one);
    return one;
  };
  beforeAll(() => store.setUp());
  afterAll(() => store.tearDown());
  afterEach(async () => {
    for (const one of opened) await one.close();
    opened = [];
  });

  it('puts, gets, overwrites and deletes a file under its key', async () => {
    const { storage } = await open();
    const k = key();
    await storage.put(k, Buffer.from('first'));
    expect((await storage.get(k))?.toString()).toBe('first');
    await storage.put(k, Buffer.from('second'));
    expect((await storage.get(k))?.toString()).toBe('second');
    expect((await collect(storage)).map((f) => f.key)).toEqual([k]);

    await storage.delete(k);
    expect(await storage.get(k)).toBeNull();
    // Deleting what is not there is fine.
    await expect(storage.delete(k)).resolves.toBeUndefined();
    expect(await collect(storage)).toEqual([]);
  });

  it('gives back exactly the bytes it was given, a photo-sized file too', async () => {
    const { storage } = await open();
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const large = Buffer.concat([everyByte, randomBytes(400_000), everyByte]);
    const [a, b] = [key(), key()];
    await storage.put(a, everyByte);
    await storage.put(b, large);
    expect((await storage.get(a))?.equals(everyByte)).toBe(true);
    const got = await storage.get(b);
    expect(got?.length).toBe(large.length);
    expect(got?.equals(large)).toBe(true);
  });

  it('answers null for a key that was never written', async () => {
    const { storage } = await open();
    expect(await storage.get(key())).toBeNull();
  });

  it('refuses keys it did not make: paths out of its folder, other names and types', async () => {
    const { storage } = await open();
    const id = randomUUID();
    const invalid = [
      '../x',
      '../../etc/passwd',
      `12/../../${id}-1600.webp`,
      `/12/${id}-1600.webp`,
      `12/${id}-1600.webp/../../x`,
      `abc/${id}-1600.webp`,
      `12/${id}-1600.jpg`,
      `12/${id}-1600.svg`,
      `12/${id}.webp`,
      `12/sub/${id}-1600.webp`,
      `12\\${id}-1600.webp`,
      `12/${id}-1600.webp\n`,
      '',
    ];
    for (const bad of invalid) {
      await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toThrow('invalid photo key');
      await expect(storage.get(bad), bad).rejects.toThrow('invalid photo key');
      await expect(storage.delete(bad), bad).rejects.toThrow('invalid photo key');
    }
    // Nothing was written.
    expect(await collect(storage)).toEqual([]);
  });

  it('lists every file of every ad with when it was written, and nothing else', async () => {
    const { storage, plant } = await open();
    const a = key(1, 1600);
    const b = key(1, 400);
    const c = key(22, 1600);
    // Whole seconds: a bucket keeps the time of a write to the second.
    const before = Math.floor(Date.now() / 1000) * 1000;
    for (const k of [a, b, c]) await storage.put(k, Buffer.from(k));
    const after = Date.now();
    // A temporary file left by an interrupted write is listed too; what is no ad's is not.
    const part = `${a}.0123456789ab.part`;
    await plant(part, Buffer.from('half'));
    await plant('tmp/stray.webp', Buffer.from('x'));
    await plant('notes.txt', Buffer.from('x'));

    const listed = await collect(storage);
    expect(listed.map((f) => f.key)).toEqual([a, part, b, c].sort());
    for (const file of listed.filter((f) => f.key !== part)) {
      expect(file.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(file.modifiedAt.getTime()).toBeLessThanOrEqual(after);
    }
  });

  it('lists every file when the store answers a listing in several pages', async () => {
    const { storage } = await open({ listPageSize: 2 });
    const keys = [key(3), key(3), key(40), key(40), key(500)];
    for (const k of keys) await storage.put(k, Buffer.from(k));
    expect((await collect(storage)).map((f) => f.key)).toEqual([...keys].sort());
  });

  it('lists nothing when it holds nothing yet', async () => {
    const { storage } = await open();
    expect(await collect(storage)).toEqual([]);
  });

  it('deletes the temporary file of an interrupted write by its key', async () => {
    const { storage } = await open();
    const part = `${key()}.abcdefabcdef.part`;
    await storage.put(part, Buffer.from('x'));
    expect(await collect(storage)).toHaveLength(1);
    await storage.delete(part);
    expect(await collect(storage)).toEqual([]);
  });

  it('fails every call while the store does not answer, and has everything again once it does', async () => {
    const { storage, goDown, comeBack } = await open();
    const kept = key();
    await storage.put(kept, Buffer.from('kept'));
    await expect(storage.probe()).resolves.toBeUndefined();

    await goDown();
    try {
      const refused = key();
      await expect(storage.put(refused, Buffer.from('x'))).rejects.toThrow();
      await expect(storage.get(kept)).rejects.toThrow();
      await expect(storage.delete(kept)).rejects.toThrow();
      await expect(collect(storage)).rejects.toThrow();
      await expect(storage.probe()).rejects.toThrow();
    } finally {
      await comeBack();
    }

    await expect(storage.probe()).resolves.toBeUndefined();
    expect((await storage.get(kept))?.toString()).toBe('kept');
    const later = key();
    await storage.put(later, Buffer.from('later'));
    expect((await collect(storage)).map((f) => f.key)).toEqual([kept, later].sort());
  });
});

describe('photo storage in the local folder only', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'adboard-disk-storage-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes through a temporary file that is gone once the file is in place', async () => {
    const storage = createDiskPhotoStorage(path.join(root, 'photos'));
    const k = key();
    await storage.put(k, Buffer.from('first'));
    await storage.put(k, Buffer.from('second'));
    expect(await readdir(path.join(root, 'photos', '12'))).toEqual([k.split('/')[1]]);
  });

  it('writes nothing outside its folder for a key it refuses', async () => {
    const storage = createDiskPhotoStorage(path.join(root, 'photos'));
    await expect(storage.put('../x', Buffer.from('x'))).rejects.toThrow('invalid photo key');
    await expect(stat(path.join(root, 'x'))).rejects.toThrow();
    expect(await readdir(root)).toEqual([]);
  });
});

describe('photo storage in an S3 bucket only', () => {
  let s3: LocalS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
  });

  it('does not answer that it works when its bucket does not exist', async () => {
    const storage = createS3PhotoStorage(s3SettingsOf({ ...s3.env, S3_BUCKET: 'no-such-bucket' }));
    try {
      await expect(storage.probe()).rejects.toThrow();
      await expect(storage.put(key(), Buffer.from('x'))).rejects.toThrow();
    } finally {
      storage.close();
    }
  });

  /** Accepts connections and reads, never answers: a store hung rather than gone. */
  async function hungStore() {
    const sockets = new Set<net.Socket>();
    const hung = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as net.AddressInfo;
    return {
      settings: s3SettingsOf({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` }),
      asked: () => sockets.size,
      async close() {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => hung.close(resolve));
      },
    };
  }

  it('gives up a call to a store that takes the connection and never answers', async () => {
    const hung = await hungStore();
    const storage = createS3PhotoStorage(hung.settings, {
      timeouts: { connectMs: 200, requestMs: 300, probeMs: 60_000 },
    });
    try {
      await expect(storage.put(key(), Buffer.from('x'))).rejects.toThrow();
      await expect(storage.get(key())).rejects.toThrow();
      expect(hung.asked()).toBeGreaterThan(0);
    } finally {
      storage.close();
      await hung.close();
    }
  });

  it('gives up the probe sooner than a call, retries included (readyz asks it)', async () => {
    const hung = await hungStore();
    const storage = createS3PhotoStorage(hung.settings, {
      timeouts: { connectMs: 200, requestMs: 60_000, probeMs: 300 },
    });
    try {
      await expect(storage.probe()).rejects.toThrow();
      expect(hung.asked()).toBeGreaterThan(0);
    } finally {
      storage.close();
      await hung.close();
    }
  });
});
