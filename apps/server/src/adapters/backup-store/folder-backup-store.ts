import fs from 'node:fs/promises';
import path from 'node:path';
import { cliBackupMessages as m } from '@adboard/shared';
import { RefusedError } from '../../domain/errors.js';
import type { BackupStore } from './backup-store.js';

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * A backup in a folder of this machine, made at the first write. It holds personal
 * data: the folders are made for the machine user alone (700), the files readable by
 * it alone (600).
 */
export function createFolderBackupStore(folder: string): BackupStore {
  const root = path.resolve(folder);
  const fileOf = (name: string) => {
    const file = path.resolve(root, name);
    // The manifest schema allows plain names only; this keeps it so whatever calls.
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error('invalid backup file name');
    return file;
  };
  return {
    async isEmpty() {
      try {
        return (await fs.readdir(root)).length === 0;
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return true;
        if (errorCode(error) === 'ENOTDIR') throw new RefusedError(m.notAFolder(folder));
        throw error;
      }
    },
    async write(name, data) {
      const file = fileOf(name);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fs.writeFile(file, data, { flag: 'wx', mode: 0o600 });
    },
    async read(name) {
      try {
        return await fs.readFile(fileOf(name));
      } catch (error) {
        if (errorCode(error) === 'ENOENT' || errorCode(error) === 'EISDIR') return null;
        throw error;
      }
    },
    async staging(name) {
      const file = fileOf(name);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      return {
        path: file,
        // The program wrote it with its own umask.
        save: () => fs.chmod(file, 0o600),
        discard: async () => undefined,
      };
    },
    async localCopy(name) {
      const file = fileOf(name);
      const stat = await fs.stat(file).catch(() => null);
      return stat?.isFile() ? { path: file, release: async () => undefined } : null;
    },
    close() {},
  };
}
