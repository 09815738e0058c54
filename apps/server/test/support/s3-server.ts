/**
 * A local S3 protocol server for the tests (s3rver): one bucket on 127.0.0.1, its
 * objects kept as plain files in a folder. It runs as a process of its own, so a
 * test can stop it mid-way (a store gone down) and start it again on the same
 * port with what it kept.
 *
 * Two ways to use it:
 * - in a test: `const s3 = await startS3Server()`; `s3.env` is what a server
 *   started with STORAGE=s3 needs to use it; `s3.stop()`, `s3.restart()`, `s3.close()`;
 * - as a process (what `startS3Server` runs):
 *   `node --openssl-legacy-provider apps/server/test/support/s3-server.ts
 *      [--port N] [--directory DIR] [--bucket NAME] [--stop-with-stdin]`
 *   prints one JSON line `{"port","endpoint","bucket","directory","env"}` once it
 *   answers, and stops on SIGTERM or SIGINT (or when its stdin ends, with
 *   --stop-with-stdin), removing its folder if it made it. Node runs this file as it
 *   is (type stripping), so it imports only Node's modules and s3rver at run time.
 *
 * s3rver's limits (docs/operations.md): it takes any signature (V4 signatures are
 * not checked; only the access key S3RVER is known); it keeps the aws-chunked framing
 * of a body sent with the SDK's default checksums inside the object (the server's
 * client asks for checksums only when required); its listing continuation tokens
 * are DES-encrypted, which Node 24's OpenSSL has only with --openssl-legacy-provider.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';

/** The one key pair s3rver knows; it does not check the signatures made with it. */
export const S3RVER_KEY = 'S3RVER';

export interface LocalS3Server {
  /** `http://127.0.0.1:{port}`: addressed path-style (S3_FORCE_PATH_STYLE). */
  endpoint: string;
  port: number;
  bucket: string;
  /** Where it keeps its buckets and objects. */
  directory: string;
  /** The settings of a server that keeps its photos there (config.ts reads them). */
  env: Record<string, string>;
  /** Dies at once (killed): every request is refused until `restart`. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the objects it had. */
  restart(): Promise<void>;
  /** Stops it, and removes its folder if it made it. */
  close(): Promise<void>;
}

export interface LocalS3Options {
  /** Default 0: a free port. */
  port?: number;
  /** Default: a fresh temporary folder, removed by `close`. */
  directory?: string;
  /** Default `adboard-photos`. */
  bucket?: string;
}

interface Started {
  port: number;
  endpoint: string;
  bucket: string;
  directory: string;
}

function envOf(endpoint: string, bucket: string): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3RVER_KEY,
    S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** Starts s3rver in this process (the process form below). */
async function runS3rver(options: LocalS3Options): Promise<Started & { close(): Promise<void> }> {
  const bucket = options.bucket ?? 'adboard-photos';
  const ownDirectory = options.directory === undefined;
  const directory = options.directory ?? (await mkdtemp(path.join(os.tmpdir(), 'adboard-s3-')));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    port,
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    async close() {
      const closed = server.close();
      server.httpServer?.closeAllConnections();
      await closed;
      if (ownDirectory) await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Runs the process form and waits for its line; it stops when this process ends. */
async function spawnS3rver(options: Required<LocalS3Options>): Promise<{
  started: Started;
  child: ChildProcess;
  exited: Promise<void>;
}> {
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      // This file by its name, not import.meta.url alone: a bench bundles the cluster
      // harness (and this module) into one file beside it.
      fileURLToPath(new URL('./s3-server.ts', import.meta.url)),
      '--port',
      String(options.port),
      '--directory',
      options.directory,
      '--bucket',
      options.bucket,
      '--stop-with-stdin',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const started = await new Promise<Started>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve(JSON.parse(line) as Started);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}): ${errors}`)));
  });
  return { started, child, exited };
}

export async function startS3Server(options: LocalS3Options = {}): Promise<LocalS3Server> {
  const ownDirectory = options.directory === undefined;
  const directory = options.directory ?? (await mkdtemp(path.join(os.tmpdir(), 'adboard-s3-')));
  const bucket = options.bucket ?? 'adboard-photos';
  let running = await spawnS3rver({ port: options.port ?? 0, directory, bucket });
  const { port, endpoint } = running.started;
  let alive = true;

  async function stop(): Promise<void> {
    if (!alive) return;
    alive = false;
    running.child.kill('SIGKILL');
    await running.exited;
  }

  return {
    endpoint,
    port,
    bucket,
    directory,
    env: envOf(endpoint, bucket),
    stop,
    async restart() {
      if (alive) return;
      running = await spawnS3rver({ port, directory, bucket });
      alive = true;
    },
    async close() {
      if (alive) {
        alive = false;
        running.child.kill('SIGTERM');
        await running.exited;
      }
      if (ownDirectory) await rm(directory, { recursive: true, force: true });
    },
  };
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

if (import.meta.main) {
  const port = argument('port');
  const directory = argument('directory');
  const bucket = argument('bucket');
  const server = await runS3rver({
    ...(port === undefined ? {} : { port: Number(port) }),
    ...(directory === undefined ? {} : { directory }),
    ...(bucket === undefined ? {} : { bucket }),
  });
  const started: Started = {
    port: server.port,
    endpoint: server.endpoint,
    bucket: server.bucket,
    directory: server.directory,
  };
  process.stdout.write(
    `${JSON.stringify({ ...started, env: envOf(server.endpoint, server.bucket) })}\n`,
  );
  let ending = false;
  const end = () => {
    if (ending) return;
    ending = true;
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', end);
  process.once('SIGINT', end);
  if (process.argv.includes('--stop-with-stdin')) {
    process.stdin.on('end', end).resume();
  }
}
