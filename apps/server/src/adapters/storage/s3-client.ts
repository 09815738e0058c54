import { S3Client } from '@aws-sdk/client-s3';
import type { S3Connection } from '../../config.js';

/**
 * A client of the S3-compatible store of the settings: the photo bucket's, and a
 * backup's. Checksums only where S3 requires them: a store such as s3rver would
 * otherwise keep the aws-chunked framing of the body inside the object.
 */
export function createS3Client(
  connection: S3Connection,
  options: { connectMs: number; requestMs: number; attempts: number },
): S3Client {
  return new S3Client({
    region: connection.region,
    ...(connection.endpoint ? { endpoint: connection.endpoint } : {}),
    // A copy: the SDK marks the object it is given, and the settings are frozen.
    ...(connection.credentials ? { credentials: { ...connection.credentials } } : {}),
    // Unset, the SDK's own chain (environment, instance role) finds them.
    forcePathStyle: connection.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: options.attempts,
    requestHandler: {
      connectionTimeout: options.connectMs,
      requestTimeout: options.requestMs,
      throwOnRequestTimeout: true,
    },
  });
}
