import { photoKeyPattern } from '@adboard/shared';

/**
 * Where processed photo files live. Keys are made by the server only
 * (`{adId}/{photoId}-{width}.webp`), never from a user's file name.
 */
export interface PhotoStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix with their age, for the clean-up of files no row points at. */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Resolves when the store answers, rejects when it does not (readyz asks it). */
  probe(): Promise<void>;
}

export const PHOTO_KEY = photoKeyPattern;
/** A key, or the temporary file an interrupted write left behind. */
export const PHOTO_FILE = /^\d{1,18}\/[0-9a-f-]{36}-\d{2,4}\.webp(\.[0-9a-f]{12}\.part)?$/;
