import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  startFakeEsplora,
  type FakeEsplora,
} from '../../src/adapters/chain/fake-esplora-server.js';
import { freePort } from '../../src/db/embedded-postgres.js';
import { WORKER_RUNNING } from '../../src/role.js';
import { createDatabaseOn } from '../support/database-on.js';
import { startMailReceiver, type MailReceiver } from '../support/mail-receiver.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { startS3Server, type LocalS3Server } from '../support/s3-server.js';
import { bundleServer } from '../support/server-process.js';
import { startReverseProxy, type ReverseProxy } from './nginx.js';
import { sleep, stopChild } from './processes.js';

/**
 * Several servers on this machine, as an operator runs them on several: one
 * PostgreSQL database, one Redis, one S3-compatible bucket, one SMTP receiver and
 * one chain (a fake Esplora), N web servers and M workers (the server bundled from
 * the current source, each a child process with a data folder of its own, as on
 * a machine of its own), and nginx in front of the web servers.
 *
 * Used by several-servers.test.ts; a bench may start one the same way.
 */

export type Role = 'web' | 'worker';

/**
 * How the server is started in each role: the one place to change when the roles
 * get commands of their own (issue 25: `npm run web`, `npm run worker`).
 */
export function roleLaunch(role: Role): { args: string[]; env: Record<string, string> } {
  // As `npm run web` and `npm run worker` start them.
  return { args: [role === 'web' ? '--web' : '--worker'], env: {} };
}

/** One server process of the cluster. */
export interface AppProcess {
  name: string;
  role: Role;
  /** The HTTP port (web servers); null for a worker. */
  port: number | null;
  /** http://127.0.0.1:{port}; null for a worker. */
  base: string | null;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** The exit code; null when a signal ended it. */
  exited: Promise<number | null>;
  /** Date.now() when it exited; null while it runs. */
  exitedAt(): number | null;
}

/** How a server ended after SIGTERM: its exit code (null: killed after 60 s) and when. */
export interface Stopped {
  name: string;
  code: number | null;
  /** Milliseconds from the signal to the exit. */
  ms: number;
}

/** SIGTERM, SIGKILL after 60 s (twice the deadline the test holds it to). */
async function stopServer(server: AppProcess, signalledAt = Date.now()): Promise<Stopped> {
  await stopChild(server.child, server.exited, 60_000);
  return {
    name: server.name,
    code: await server.exited,
    ms: (server.exitedAt() ?? Date.now()) - signalledAt,
  };
}

export interface ClusterOptions {
  /** A PostgreSQL the cluster makes its database on (and drops it from at the end). */
  adminDatabaseUrl: string;
  webServers?: number;
  workers?: number;
  /** Added to (or replacing) every server's settings. */
  env?: Record<string, string>;
}

export interface Cluster {
  databaseUrl: string;
  proxy: ReverseProxy;
  web: AppProcess[];
  workers: AppProcess[];
  mail: MailReceiver;
  chain: FakeEsplora;
  s3: LocalS3Server;
  redis: TestRedis;
  /** The administrator every server is told of (BOOTSTRAP_ADMIN_*). */
  admin: { email: string; password: string };
  /** The settings every server runs with (role and port aside). */
  env: Record<string, string>;
  /** One query on the cluster's database. */
  sql<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** Starts one more worker; answers once it runs its jobs. */
  addWorker(): Promise<AppProcess>;
  /** Starts a stopped (or killed) server again on its port, in its data folder. */
  restart(server: AppProcess): Promise<AppProcess>;
  /** SIGTERM to one server; answers its exit code (null: it had to be killed) and how long it took. */
  stopServer(server: AppProcess): Promise<Stopped>;
  /** SIGTERM to every server still running, at once; answers each one's exit and how long it took. */
  stopServers(): Promise<Stopped[]>;
  /** Stops everything the cluster started and drops its database. */
  close(): Promise<void>;
}

function launch(
  main: string,
  spec: { name: string; role: Role; port: number | null; dataDir: string },
  env: Record<string, string>,
): AppProcess {
  const role = roleLaunch(spec.role);
  const child = spawn(process.execPath, [main, ...role.args], {
    env: {
      PATH: process.env.PATH ?? '',
      ...env,
      ...role.env,
      DATA_DIR: spec.dataDir,
      ...(spec.port === null ? {} : { PORT: String(spec.port) }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let exitedAt: number | null = null;
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitedAt = Date.now();
      resolve(code);
    }),
  );
  return {
    ...spec,
    base: spec.port === null ? null : `http://127.0.0.1:${spec.port}`,
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    exitedAt: () => exitedAt,
  };
}

export function isRunning(server: AppProcess): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}

/**
 * A web server is ready when /readyz answers 200 (migrated, jobs started); a
 * worker, which has no HTTP, when it says its jobs run.
 */
async function waitReady(server: AppProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(server)) {
      throw new Error(`${server.name} exited: ${server.stderr()} ${server.stdout().slice(-2000)}`);
    }
    if (server.base) {
      try {
        const res = await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
    } else if (workerRunning(server.stdout())) {
      return;
    }
    await sleep(100);
  }
  throw new Error(`${server.name} not ready: ${server.stderr()} ${server.stdout().slice(-2000)}`);
}

/** The log line a process without HTTP writes once its jobs run (server.ts). */
function workerRunning(stdout: string): boolean {
  return stdout.split('\n').some((line) => line.includes(`"msg":"${WORKER_RUNNING}`));
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    const root = await mkdtemp(path.join(os.tmpdir(), 'adboard-cluster-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const bundle = await bundleServer('cluster');
    cleanups.push(() => rm(bundle.dir, { recursive: true, force: true }));
    const database = await createDatabaseOn(options.adminDatabaseUrl, 'adboard_cluster');
    cleanups.push(() => database.drop());
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    cleanups.push(() => pool.end());
    const redis = await startTestRedis();
    cleanups.push(() => redis.stop());
    const s3 = await startS3Server({ directory: path.join(root, 's3'), bucket: 'photos' });
    cleanups.push(() => s3.close());
    const mail = await startMailReceiver();
    cleanups.push(() => mail.close());
    const chain = await startFakeEsplora();
    cleanups.push(() => chain.close());

    const proxyPort = await freePort();
    const admin = {
      email: 'admin@cluster.example.com',
      password: `cluster admin ${randomBytes(8).toString('hex')}`,
    };
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      // The proxy is one hop: the address it passes on is the client's.
      TRUST_PROXY: '1',
      // The real limits: each client of the test has an address of its own.
      RATE_LIMIT_SCALE: '1',
      SMTP_URL: mail.url,
      MAIL_FROM: 'no-reply@cluster.example.com',
      BOOTSTRAP_ADMIN_EMAIL: admin.email,
      BOOTSTRAP_ADMIN_PASSWORD: admin.password,
      // Shared by every server: a link one signs, another checks.
      PHOTO_URL_SECRET: randomBytes(32).toString('base64'),
      ESPLORA_URL: chain.url,
      ...s3.env,
      // People reach the development sites at the proxy.
      PUBLIC_PORT: String(proxyPort),
      ...options.env,
    };

    const processes: AppProcess[] = [];
    cleanups.push(async () => {
      await Promise.all(
        processes.filter(isRunning).map((p) => stopChild(p.child, p.exited, 30_000)),
      );
    });
    let workerCount = 0;
    const start = async (spec: { name: string; role: Role; port: number | null }) => {
      const dataDir = path.join(root, spec.name);
      const server = launch(bundle.main, { ...spec, dataDir }, env);
      processes.push(server);
      await waitReady(server);
      return server;
    };
    const newWorker = () => {
      workerCount += 1;
      return { name: `worker-${workerCount}`, role: 'worker' as const, port: null };
    };
    const webSpecs = await Promise.all(
      Array.from({ length: options.webServers ?? 2 }, async (_, i) => ({
        name: `web-${String.fromCharCode(97 + i)}`,
        role: 'web' as const,
        port: await freePort(),
      })),
    );
    // All at once, as after a deploy: migrations take their lock, the rest wait for it.
    const started = await Promise.all([
      ...webSpecs.map((spec) => start(spec)),
      ...Array.from({ length: options.workers ?? 1 }, () => start(newWorker())),
    ]);
    const web = started.filter((p) => p.role === 'web');
    const workers = started.filter((p) => p.role === 'worker');

    const proxy = await startReverseProxy({
      dir: path.join(root, 'nginx'),
      port: proxyPort,
      upstreams: web.map((p) => p.port ?? 0),
    });
    cleanups.push(() => proxy.stop());

    const cluster: Cluster = {
      databaseUrl: database.url,
      proxy,
      web,
      workers,
      mail,
      chain,
      s3,
      redis,
      admin,
      env,
      async sql<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
        return (await pool.query<R>(text, values)).rows;
      },
      async addWorker() {
        const worker = await start(newWorker());
        workers.push(worker);
        return worker;
      },
      async restart(server) {
        if (isRunning(server)) throw new Error(`${server.name} still runs`);
        const again = await start({ name: server.name, role: server.role, port: server.port });
        const list = server.role === 'web' ? web : workers;
        list.splice(list.indexOf(server), 1, again);
        return again;
      },
      stopServer: (server) => stopServer(server),
      async stopServers() {
        const signalledAt = Date.now();
        return Promise.all(processes.filter(isRunning).map((p) => stopServer(p, signalledAt)));
      },
      close: cleanUp,
    };
    return cluster;
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
