import { createRequire } from 'node:module';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** The part of s3rver (npm, no types of its own) the test uses. */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

/** s3rver's fixed keys: it checks no signature, but the SDK signs with something. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** A local S3 protocol server with one bucket: the storage several web servers share. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  region: string;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/** s3rver on a free port of 127.0.0.1, its objects in `directory`, with the bucket made. */
export async function startS3Server(directory: string, bucket = 'photos'): Promise<TestS3> {
  // createRequire: s3rver is CommonJS without type declarations.
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = 'us-east-1';
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: S3RVER_KEYS,
  });
  return {
    endpoint,
    bucket,
    region,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async stop() {
      client.destroy();
      await server.close();
    },
  };
}
