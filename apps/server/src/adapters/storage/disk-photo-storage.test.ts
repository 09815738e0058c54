import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskPhotoStorage } from './disk-photo-storage.js';
import type { PhotoStorage } from './photo-storage.js';

async function collect(storage: PhotoStorage) {
  const found: { key: string; modifiedAt: Date }[] = [];
  for await (const file of storage.list()) found.push(file);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

describe('disk photo storage', () => {
  let root: string;
  let storage: PhotoStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'adboard-disk-storage-'));
    storage = createDiskPhotoStorage(path.join(root, 'photos'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const key = (adId = 12, width = 1600, id = randomUUID()) => `${adId}/${id}-${width}.webp`;

  it('puts, gets, overwrites and deletes a file under its key', async () => {
    const k = key();
    await storage.put(k, Buffer.from('first'));
    expect((await storage.get(k))?.toString()).toBe('first');
    expect(await readdir(path.join(root, 'photos', '12'))).toEqual([k.split('/')[1]]);

    await storage.put(k, Buffer.from('second'));
    expect((await storage.get(k))?.toString()).toBe('second');
    // The temporary file of the write is gone.
    expect(await readdir(path.join(root, 'photos', '12'))).toHaveLength(1);

    await storage.delete(k);
    expect(await storage.get(k)).toBeNull();
    // Deleting what is not there is fine.
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  it('answers null for a key that was never written', async () => {
    expect(await storage.get(key())).toBeNull();
  });

  it('refuses keys it did not make: paths out of its folder, other names and types', async () => {
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
    // Nothing was written anywhere.
    await expect(stat(path.join(root, 'x'))).rejects.toThrow();
    expect(await readdir(root)).toEqual([]);
  });

  it('lists every file of every ad folder with its modification time', async () => {
    const a = key(1, 1600);
    const b = key(1, 400);
    const c = key(22, 1600);
    for (const k of [a, b, c]) await storage.put(k, Buffer.from(k));
    const old = new Date(Date.now() - 3 * 60 * 60_000);
    await utimes(path.join(root, 'photos', c), old, old);
    // A temporary file left by an interrupted write is listed too; folders that are no ad are not.
    const part = `${a}.0123456789ab.part`;
    await writeFile(path.join(root, 'photos', part), 'half');
    await mkdir(path.join(root, 'photos', 'tmp'));
    await writeFile(path.join(root, 'photos', 'tmp', 'stray.webp'), 'x');
    await writeFile(path.join(root, 'photos', 'notes.txt'), 'x');

    const listed = await collect(storage);
    expect(listed.map((f) => f.key)).toEqual([a, part, b, c].sort());
    const listedC = listed.find((f) => f.key === c);
    expect(Math.abs((listedC?.modifiedAt.getTime() ?? 0) - old.getTime())).toBeLessThan(2_000);
    for (const f of listed) expect(f.modifiedAt).toBeInstanceOf(Date);
  });

  it('lists nothing when its folder does not exist yet', async () => {
    expect(await collect(storage)).toEqual([]);
  });

  it('deletes the temporary file of an interrupted write by its key', async () => {
    const part = `${key()}.abcdefabcdef.part`;
    await storage.put(part, Buffer.from('x'));
    expect(await collect(storage)).toHaveLength(1);
    await storage.delete(part);
    expect(await collect(storage)).toEqual([]);
  });
});
