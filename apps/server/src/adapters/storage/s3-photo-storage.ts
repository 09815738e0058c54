import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import type { StorageSettings } from '../../config.js';
import { PHOTO_FILE, type PhotoStorage } from './photo-storage.js';
import { createS3Client } from './s3-client.js';

export type S3StorageSettings = Extract<StorageSettings, { kind: 's3' }>;

/**
 * How long a call may wait for the store: a store gone down or hung fails the call
 * (an upload answers 503) within seconds rather than holding the request. One
 * retry covers a connection the store closed as it was reused. The probe (readyz)
 * gives up sooner, retries included.
 */
export const S3_TIMEOUTS = { connectMs: 2_000, requestMs: 10_000, probeMs: 2_000, attempts: 2 };

export interface S3PhotoStorageOptions {
  /** Keys per listing page (default: the store's, 1,000 on S3). */
  listPageSize?: number;
  timeouts?: { connectMs: number; requestMs: number; probeMs: number };
}

/** A photo store that holds sockets open: `close` lets them go. */
export interface ClosablePhotoStorage extends PhotoStorage {
  close(): void;
}

/** The folders the server writes: one per ad, named by its id. */
const AD_FOLDER = /^\d{1,18}\//;

/**
 * Photos as objects of one bucket of an S3-compatible store, under the same keys
 * as the local folder (`{adId}/{photoId}-{width}.webp`). A put is whole or nothing
 * on S3, so no temporary `.part` object is ever written. The bucket stays private:
 * the server reads every photo and decides who may have it (photo-file-routes.ts).
 */
export function createS3PhotoStorage(
  settings: S3StorageSettings,
  options: S3PhotoStorageOptions = {},
): ClosablePhotoStorage {
  const timeouts = options.timeouts ?? S3_TIMEOUTS;
  const client = createS3Client(settings, {
    connectMs: timeouts.connectMs,
    requestMs: timeouts.requestMs,
    attempts: S3_TIMEOUTS.attempts,
  });
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!PHOTO_FILE.test(key)) throw new Error('invalid photo key');
    return key;
  };
  return {
    async put(key, data) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checked(key), Body: data, ContentType: 'image/webp' }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        if (!answer.Body) return null;
        const bytes = await answer.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if ((error as { name?: unknown }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a deletion of a missing key as done.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async probe() {
      await client.send(new HeadBucketCommand({ Bucket }), {
        abortSignal: AbortSignal.timeout(timeouts.probeMs),
      });
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            ...(ContinuationToken ? { ContinuationToken } : {}),
            ...(options.listPageSize ? { MaxKeys: options.listPageSize } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || !AD_FOLDER.test(object.Key)) continue;
          // S3 always says when; a store that does not: as if just written (never swept early).
          yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
}
