import type { PhotoStorage } from '../../adapters/storage/photo-storage.js';
import { DISPLAY_WIDTH, PHOTO_WIDTHS, photoKey } from './photo-presenter.js';
import { resizeStoredPhoto } from './process-photo.js';

/** Removes stored files, as far as it can: what stays without a row, the sweep removes. */
export async function removePhotoFiles(
  storage: PhotoStorage,
  keys: readonly string[],
): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/** The widths a photo stored before they existed can be given from its largest file. */
const MADE_ON_REQUEST = new Set<number>(PHOTO_WIDTHS.filter((width) => width !== DISPLAY_WIDTH));

/** Reads one stored file of a photo; null when there is none. */
export type PhotoFileReader = (
  adId: number,
  photoId: string,
  width: number,
) => Promise<Buffer | null>;

/**
 * Reads a photo's file at a stored width. A photo stored before the 800 width
 * existed has none: that width is made from its largest file on the first request
 * and stored, so later requests read a plain file (once, however many ask at the
 * same time). The caller has decided who may have the photo; this never does.
 * A file made while its photo is being deleted stays without a row: the sweep's.
 */
export function createPhotoFileReader(storage: PhotoStorage): PhotoFileReader {
  const making = new Map<string, Promise<Buffer | null>>();
  const make = async (adId: number, photoId: string, width: number) => {
    const large = await storage.get(photoKey(adId, photoId, DISPLAY_WIDTH));
    if (!large) return null;
    const data = await resizeStoredPhoto(large, width);
    await storage.put(photoKey(adId, photoId, width), data);
    return data;
  };
  return async (adId, photoId, width) => {
    const key = photoKey(adId, photoId, width);
    const stored = await storage.get(key);
    if (stored || !MADE_ON_REQUEST.has(width)) return stored;
    let made = making.get(key);
    if (!made) {
      made = make(adId, photoId, width).finally(() => making.delete(key));
      making.set(key, made);
    }
    return made;
  };
}
