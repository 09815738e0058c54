import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { HttpMethod } from '@adboard/shared';
import type { FakeEsplora } from '../../src/adapters/chain/fake-esplora-server.js';
import {
  createOutboxOnlyTransport,
  type MailTransport,
} from '../../src/adapters/mail/mail-transport.js';
import { createFixedRateSource, type RateSource } from '../../src/adapters/rates/index.js';
import {
  createOutboxOnlySmsTransport,
  type SmsTransport,
} from '../../src/adapters/sms/sms-transport.js';
import { createDiskPhotoStorage } from '../../src/adapters/storage/disk-photo-storage.js';
import type { PhotoStorage } from '../../src/adapters/storage/photo-storage.js';
import { buildApp } from '../../src/app.js';
import { appDepsOf, composeServices, paymentDepsOf, workerDepsOf } from '../../src/composition.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { migrationsDir } from '../../src/db/migrations-dir.js';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  type RateLimiter,
} from '../../src/http/rate-limit.js';
import type { JobQueue } from '../../src/jobs/job-queue.js';
import { registerAccountMailWorker, registerWorkers } from '../../src/jobs/workers.js';
import type { PublicAdChanges } from '../../src/modules/ad-lifecycle/public-ad-changes.js';
import type { BacklinkChecker } from '../../src/modules/ad-checks/backlink-checker.js';
import type { PaymentDeps } from '../../src/modules/payments/payment-deps.js';
import { seedLocations } from '../../src/modules/locations/seed-locations.js';
import { startMetricsServer } from '../../src/metrics/metrics-server.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Its database's URL: another app given it (`databaseUrl`) is a second server. */
  databaseUrl: string;
  /** Where its writes announce changes of public ads (its jobs too): for job tests. */
  adChanges: PublicAdChanges;
  queue: JobQueue;
  config: Config;
  storage: PhotoStorage;
  /** The app's fake chain: pay, mine, replace, reorganise. */
  chain: FakeEsplora;
  /** What the payment watcher and checks need, on this app's database and chain. */
  paymentDeps: PaymentDeps;
  /** The folder of the default disk storage. */
  photoDir: string;
  /** Every log line the app wrote, for checks that secrets never reach the log. */
  logText(): string;
  /** With METRICS=true: where its metrics are served, as the server serves them. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** With REDIS_URL (and no `limiter`), limits are kept in Redis as the server keeps them. */
  env?: Record<string, string>;
  /** Another app's database (TestApp.databaseUrl): this app is then a second server on it. */
  databaseUrl?: string;
  /** How long its public pages are cached (default the server's 5 s). */
  publicPageTtlMs?: number;
  /**
   * Run the job workers with this mail and/or SMS transport (default: no
   * workers); the one not given is outbox-only.
   */
  mail?: MailTransport;
  sms?: SmsTransport;
  /** Wait before a failed job is retried (default: the queue's 30 s). */
  retryDelaySeconds?: number;
  /** How often the job workers look for work when nothing wakes them (default 0.5 s). */
  pollingIntervalSeconds?: number;
  limiter?: RateLimiter;
  isMigrated?: () => boolean;
  webDist?: string;
  /**
   * Default: disk storage in a fresh temporary folder; with `env.STORAGE` set, the
   * storage those settings name, as the server makes it (composition.ts).
   */
  storage?: PhotoStorage;
  /** Default: a fake Esplora of its own (TestApp.chain) and a fixed rate of 60,000. */
  rates?: RateSource;
  /** Default: the server's own (public addresses only; DEV_LOCAL_BACKLINKS adds `.test` names). */
  backlinks?: BacklinkChecker;
}

/** A test index.html, so the single-page fallback has something to serve. */
export async function makeWebDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adboard-web-'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/**
 * The real app on a fresh, migrated and seeded database of its own, wired by
 * the same composition root as the server (src/composition.ts), with the
 * test's replacements: a fixed rate, a temporary photo folder, transports.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // A database of its own, dropped at close; or another app's, left to that app.
  const testDb = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: os.tmpdir(),
    ...options.env,
  });
  const photoDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-photos-'));
  // The services' warnings (Redis down) go to the app's log, as the server's do; those
  // said before the app exists wait for it.
  const early: [string, unknown][] = [];
  let warn = (what: string, error: unknown): void => {
    early.push([what, error]);
  };
  const sharedLimits = config.redisUrl !== undefined && !options.limiter;
  const services = await composeServices(config, testDb.url, {
    onError: (what, error) => warn(what, error),
    databasePoolMax: 5,
    fakeChain: true,
    storage:
      options.env?.STORAGE === undefined
        ? (options.storage ?? createDiskPhotoStorage(photoDir))
        : options.storage,
    rates: options.rates ?? createFixedRateSource(60_000),
    ...(sharedLimits
      ? {}
      : { limiter: options.limiter ?? createRateLimiter(createMemoryRateLimitStore()) }),
    // Default: the composition's own checker (public addresses only unless DEV_LOCAL_BACKLINKS).
    ...(options.backlinks ? { backlinks: options.backlinks } : {}),
    mail: options.mail ?? createOutboxOnlyTransport(),
    sms: options.sms ?? createOutboxOnlySmsTransport(),
    queue: {
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
      ...(options.retryDelaySeconds === undefined
        ? {}
        : { retryDelaySeconds: options.retryDelaySeconds }),
    },
  });
  const { database, queue, storage } = services;
  const chain = services.fakeChain;
  if (!chain) throw new Error('the test app runs on the fake chain');
  await migrate(database.pool, migrationsDir);
  await seedLocations(database);
  await queue.start();
  // The account mails (codes, reset links) are always worked: every account test reads them.
  if (options.mail || options.sms) await registerWorkers(queue, workerDepsOf(services));
  else await registerAccountMailWorker(queue, workerDepsOf(services));
  let logs = '';
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  const app = await buildApp(
    appDepsOf(services, {
      webDist: options.webDist ?? path.join(os.tmpdir(), 'adboard-no-web-build'),
      isMigrated: options.isMigrated ?? (() => true),
      logStream,
      ...(options.publicPageTtlMs === undefined
        ? {}
        : { publicPageTtlMs: options.publicPageTtlMs }),
    }),
  );
  warn = (what, error) => app.log.warn({ err: error }, what);
  for (const [what, error] of early.splice(0)) warn(what, error);
  await app.ready();
  const metricsServer = config.metrics.enabled
    ? await startMetricsServer(services.metrics, config.metrics)
    : null;
  accountMailWaits.set(app, () => waitForAccountMail(database));
  return {
    app,
    database,
    databaseUrl: testDb.url,
    adChanges: services.adChanges,
    queue,
    config,
    storage,
    chain,
    paymentDeps: paymentDepsOf(services),
    photoDir,
    logText: () => logs,
    metricsUrl: metricsServer?.url ?? null,
    async close() {
      await app.close();
      await metricsServer?.close();
      await services.close();
      await testDb.drop();
      await rm(photoDir, { recursive: true, force: true });
    },
  };
}

const accountMailWaits = new WeakMap<FastifyInstance, () => Promise<void>>();

/** Polls until no account-mail job is waiting or running (15 s at most). */
async function waitForAccountMail(database: Database): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await database.pool.query<{ n: string }>(
      `select count(*) as n from pgboss.job
       where name = 'account-mail' and state in ('created', 'retry', 'active')`,
    );
    if (Number(rows[0]?.n) === 0) return;
    if (Date.now() > deadline) throw new Error('account-mail jobs still pending after 15 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Waits until the mails register, resend-code and reset asked for are in the
 * outbox: the account-mail job writes them after the answer.
 */
export async function accountMailDone(app: FastifyInstance): Promise<void> {
  await accountMailWaits.get(app)?.();
}

/** JSON call through app.inject with the local site's host. */
export async function call(
  app: FastifyInstance,
  method: HttpMethod,
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const request: InjectOptions = {
    method,
    url,
    headers: { host: 'localhost:3000', ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  };
  const response = await app.inject(request);
  const text = response.body;
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.statusCode, headers: response.headers, json, text };
}
