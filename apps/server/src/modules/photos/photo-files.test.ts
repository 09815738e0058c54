import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PhotoStorage } from '../../adapters/storage/photo-storage.js';
import { createPhotoFileReader } from './photo-files.js';
import { photoKey } from './photo-presenter.js';

const PHOTO = '00000000-0000-4000-8000-000000000001';

/** Storage in memory that counts what is asked of it. */
function memoryStorage(files: Record<string, Buffer>) {
  const stored = new Map(Object.entries(files));
  const gets: string[] = [];
  const puts: string[] = [];
  const storage: PhotoStorage = {
    put: async (key, data) => {
      puts.push(key);
      stored.set(key, data);
    },
    get: async (key) => {
      gets.push(key);
      return stored.get(key) ?? null;
    },
    delete: async (key) => {
      stored.delete(key);
    },
    async *list() {
      for (const key of stored.keys()) yield { key, modifiedAt: new Date() };
    },
    probe: async () => undefined,
  };
  return { storage, stored, gets, puts };
}

/** A photo's largest file as stored before the 800 width existed. */
async function largeFile(): Promise<Buffer> {
  return sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 30, b: 140 } },
  })
    .webp({ quality: 82 })
    .toBuffer();
}

describe('reading a photo file', () => {
  it('makes a missing 800 from the 1600 once, however many ask at the same time', async () => {
    const mem = memoryStorage({ [photoKey(7, PHOTO, 1600)]: await largeFile() });
    const read = createPhotoFileReader(mem.storage);
    const answers = await Promise.all([1, 2, 3, 4].map(() => read(7, PHOTO, 800)));
    expect(mem.puts).toEqual([photoKey(7, PHOTO, 800)]);
    for (const data of answers) expect(data).toBe(answers[0]);
    expect(await sharp(answers[0] ?? Buffer.alloc(0)).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 600,
    });
    // Later requests read the stored file.
    expect(
      (await read(7, PHOTO, 800))?.equals(
        mem.stored.get(photoKey(7, PHOTO, 800)) ?? Buffer.alloc(0),
      ),
    ).toBe(true);
    expect(mem.puts).toHaveLength(1);
  });

  it('answers null for a missing 1600, and makes no width that is not stored', async () => {
    const mem = memoryStorage({ [photoKey(7, PHOTO, 1600)]: await largeFile() });
    const read = createPhotoFileReader(mem.storage);
    expect(await read(7, PHOTO, 1200)).toBeNull();
    expect(mem.gets).toEqual([photoKey(7, PHOTO, 1200)]);
    mem.stored.clear();
    expect(await read(7, PHOTO, 1600)).toBeNull();
    expect(await read(7, PHOTO, 800)).toBeNull();
    expect(mem.puts).toEqual([]);
  });

  it('lets a failure through and tries again on the next request', async () => {
    const mem = memoryStorage({ [photoKey(7, PHOTO, 1600)]: Buffer.from('not a picture') });
    const read = createPhotoFileReader(mem.storage);
    await expect(read(7, PHOTO, 800)).rejects.toThrow();
    mem.stored.set(photoKey(7, PHOTO, 1600), await largeFile());
    expect((await sharp((await read(7, PHOTO, 800)) ?? Buffer.alloc(0)).metadata()).width).toBe(
      800,
    );
  });
});
