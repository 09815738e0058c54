import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_FILE, type PhotoStorage } from './photo-storage.js';

/** Local disk under DATA_DIR/photos. Writes go to a temporary name first, then rename. */
export function createDiskPhotoStorage(root: string): PhotoStorage {
  const fullPath = (key: string) => {
    if (!PHOTO_FILE.test(key)) throw new Error('invalid photo key');
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = fullPath(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, target);
    },
    async get(key) {
      try {
        return await fs.readFile(fullPath(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fullPath(key), { force: true });
    },
    async probe() {
      // The folder exists and may be written (it is made at the first upload).
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
    async *list() {
      let dirs: string[] = [];
      try {
        dirs = await fs.readdir(root);
      } catch (error) {
        // No folder yet: nothing stored. Any other failure is the store's, as on S3.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const dir of dirs) {
        if (!/^\d{1,18}$/.test(dir)) continue;
        for (const name of await fs.readdir(path.join(root, dir)).catch(() => [])) {
          const stat = await fs.stat(path.join(root, dir, name)).catch(() => null);
          if (stat?.isFile()) yield { key: `${dir}/${name}`, modifiedAt: stat.mtime };
        }
      }
    },
  };
}
