import type { PhotoStorage } from '../../adapters/storage/photo-storage.js';

/** Removes stored files, as far as it can: what stays without a row, the sweep removes. */
export async function removePhotoFiles(
  storage: PhotoStorage,
  keys: readonly string[],
): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}
