/*
 * The part of s3rver 3.7 (a devDependency: a local S3 protocol server for the
 * tests; it ships no types) that test/support/s3-server.ts uses.
 */
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    /** 0: any free port. */
    port?: number;
    /** No log lines at all. */
    silent?: boolean;
    /** Where buckets and objects are kept, as plain files. */
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    /** Buckets named by the Host header; off, only path-style addressing. */
    vhostBuckets?: boolean;
    /** Buckets made (or kept) when the server starts. */
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Makes the configured buckets, then listens. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer?: Server;
  }
}
