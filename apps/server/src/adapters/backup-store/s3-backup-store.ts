import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3Connection } from '../../config.js';
import { createS3Client } from '../storage/s3-client.js';
import type { BackupStore } from './backup-store.js';

/**
 * A file larger than this is uploaded in parts of this size (S3 takes at most 5 GB in
 * one request, and at most 10,000 parts: 640 GB at 64 MiB).
 */
export const BACKUP_PART_BYTES = 64 * 1024 * 1024;

/** A backup's calls wait longer than a page's: files are large, and nobody waits on a page. */
const TIMEOUTS = { connectMs: 5_000, requestMs: 300_000, attempts: 3 };

/**
 * A backup under a prefix of a bucket (`s3://bucket/prefix/`), on the store the S3_*
 * settings reach. Objects are written private, as the photo bucket's are.
 */
export function createS3BackupStore(
  connection: S3Connection,
  bucket: string,
  prefix: string,
  options: { partBytes?: number } = {},
): BackupStore {
  const client = createS3Client(connection, TIMEOUTS);
  const partBytes = options.partBytes ?? BACKUP_PART_BYTES;
  const Bucket = bucket;
  const keyOf = (name: string) => `${prefix}${name}`;

  const get = async (name: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }));
    } catch (error) {
      if ((error as { name?: unknown }).name === 'NoSuchKey') return null;
      throw error;
    }
  };

  /** One request for a small file, parts for a large one (aborted if one fails). */
  const upload = async (name: string, file: string) => {
    const { size } = await fs.stat(file);
    const Key = keyOf(name);
    if (size <= partBytes) {
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: createReadStream(file), ContentLength: size }),
      );
      return;
    }
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    try {
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      const handle = await fs.open(file, 'r');
      try {
        for (let offset = 0, PartNumber = 1; offset < size; offset += partBytes, PartNumber++) {
          const Body = Buffer.alloc(Math.min(partBytes, size - offset));
          await handle.read(Body, 0, Body.length, offset);
          const { ETag } = await client.send(
            new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body }),
          );
          parts.push({ ETag, PartNumber });
        }
      } finally {
        await handle.close();
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {
        // The upload failed already; its parts expire with the bucket's lifecycle rules.
      });
      throw error;
    }
  };

  /** A folder of this machine for one file, readable by this user alone. */
  const scratchFile = async (name: string) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-backup-'));
    return { dir, file: path.join(dir, path.basename(name)) };
  };

  return {
    async isEmpty() {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, ...(prefix ? { Prefix: prefix } : {}), MaxKeys: 1 }),
      );
      return (page.Contents ?? []).length === 0;
    },
    async write(name, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(name), Body: data }));
    },
    async read(name) {
      const answer = await get(name);
      if (!answer?.Body) return null;
      const bytes = await answer.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async staging(name) {
      const { dir, file } = await scratchFile(name);
      const discard = () => fs.rm(dir, { recursive: true, force: true });
      return {
        path: file,
        async save() {
          await upload(name, file);
          await discard();
        },
        discard,
      };
    },
    async localCopy(name) {
      const answer = await get(name);
      if (!answer?.Body) return null;
      // In Node the body is a stream of the response.
      if (!(answer.Body instanceof Readable)) throw new Error('the store answered no stream');
      const body = answer.Body;
      const { dir, file } = await scratchFile(name);
      const release = () => fs.rm(dir, { recursive: true, force: true });
      try {
        await pipeline(body, createWriteStream(file, { mode: 0o600 }));
      } catch (error) {
        await release();
        throw error;
      }
      return { path: file, release };
    },
    close() {
      client.destroy();
    },
  };
}
