import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import {
  createPaymentWatcher,
  recheckOpenOrders,
  type PaymentWatcher,
} from './modules/payments/payment-watcher.js';
import { buildApp } from './app.js';
import { appDepsOf, composeServices, paymentDepsOf, workerDepsOf } from './composition.js';
import type { Config } from './config.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres.js';
import { migrate } from './db/migrate.js';
import { migrationsDir } from './db/migrations-dir.js';
import { logDestination, prettyLogStream, wantsPrettyLogs } from './http/pretty-log.js';
import { registerWorkers } from './jobs/workers.js';
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server.js';
import { bootstrapAdmin } from './modules/accounts/bootstrap-admin.js';
import { seedLocations } from './modules/locations/seed-locations.js';
import { announcePublicPort, publicPortOf } from './modules/sites/served-site.js';
import { JOBS_ELSEWHERE, roleOf, WORKER_RUNNING, type Role } from './role.js';

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface RunningServer {
  url: string | null;
  /** Where its metrics are served (METRICS=true), null when they are not. */
  metricsUrl: string | null;
  stop(): Promise<void>;
}

/**
 * The address a person opens: loopback and wildcard hosts read as localhost,
 * with the port actually bound (PORT=0 picks one).
 */
export function browserUrl(host: string, port: number): string {
  const local = ['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The port the app's HTTP server is bound to, or null when it does not listen. */
function boundPort(app: FastifyInstance): number | null {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : null;
}

/** What `npm start` shows once the site answers: where to open it, and the admin's login. */
export function startBanner(url: string, adminEmail: string | undefined): string[] {
  const lines = [`Adboard is running: open ${url}`];
  if (adminEmail) {
    lines.push(
      `Administrator: sign in at ${url}/login as ${adminEmail} (the password is BOOTSTRAP_ADMIN_PASSWORD)`,
    );
  }
  return lines;
}

/**
 * Start order: database, HTTP (readyz says 503 meanwhile) and the metrics' own
 * port, migrations and seed, jobs. Stop order is the reverse, so nothing is cut
 * off mid-write.
 * `role`: the site, the jobs, or both (role.ts); by default both, or the site
 * only with RUN_JOBS=false.
 */
export async function startServer(
  config: Config,
  role: Role = roleOf([], config.runJobs),
): Promise<RunningServer> {
  // Readable lines on a terminal, pino's JSON lines anywhere else (LOG_FORMAT);
  // either way a closed output drops the lines and the server goes on.
  const pretty = wantsPrettyLogs(config.logFormat)
    ? prettyLogStream(process.stdout, process.stdout.isTTY === true)
    : null;
  const destination = pretty ?? logDestination();
  const log = pino({ level: config.logLevel }, destination);
  let embedded: EmbeddedPostgres | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, (message) => log.info(message));
    databaseUrl = embedded.url;
    log.debug('embedded PostgreSQL started');
  }
  try {
    return await startOnDatabase(config, role, log, { pretty, destination }, databaseUrl, embedded);
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * Listens without Fastify's own 'Server listening at' line at info: the address a
 * person opens is said once, by the start banner (issue 24); at debug it stays.
 */
async function listenQuietly(app: FastifyInstance, config: Config): Promise<string> {
  const level = app.log.level;
  // No request is answered before this resolves: nothing else is kept quiet.
  if (level !== 'debug' && level !== 'trace') app.log.level = 'warn';
  try {
    return await app.listen({ port: config.port, host: config.host });
  } finally {
    app.log.level = level;
  }
}

async function startOnDatabase(
  config: Config,
  role: Role,
  log: pino.Logger,
  output: { pretty: NodeJS.WritableStream | null; destination: DestinationStream },
  databaseUrl: string,
  embedded: EmbeddedPostgres | null,
): Promise<RunningServer> {
  const services = await composeServices(config, databaseUrl, {
    onError: (what, error) => log.warn({ err: error }, what),
  });
  const { database, queue } = services;
  let watcher: PaymentWatcher | null = null;
  let metricsServer: MetricsServer | null = null;
  let migrated = false;
  const { pretty } = output;
  const app = role.web
    ? await buildApp(
        appDepsOf(services, { webDist, isMigrated: () => migrated, logStream: output.destination }),
      )
    : null;
  const stop = async () => {
    await app?.close();
    // Before the pool its gauges read closes.
    await metricsServer?.close();
    announcePublicPort(null);
    await watcher?.stop();
    await services.close();
    await embedded?.stop();
  };

  let url: string | null = null;
  try {
    if (app) url = await listenQuietly(app, config);
    // Every role: a worker has no HTTP of its own, but its jobs and pool are worth watching.
    if (config.metrics.enabled) {
      metricsServer = await startMetricsServer(services.metrics, config.metrics, (error) =>
        log.warn({ err: error }, 'metrics scrape failed'),
      );
      log.info({ url: metricsServer.url }, 'metrics served');
    }
    // Before any request or job makes a link.
    announcePublicPort(publicPortOf(config, app ? boundPort(app) : null));
    const applied = await migrate(database.pool, migrationsDir);
    if (applied.length > 0) {
      log.info({ count: applied.length, last: applied.at(-1) }, 'migrations applied');
      log.debug({ applied }, 'migrations applied');
    }
    await seedLocations(database);
    if (config.bootstrapAdmin) {
      const created = await bootstrapAdmin(database, config.bootstrapAdmin, 'local');
      if (created) log.info('bootstrap administrator created');
    }
    // Every role sends jobs (the web in its requests' transactions); only workers run them.
    await queue.start();
    if (role.jobs) {
      await registerWorkers(queue, workerDepsOf(services));
      const paymentDeps = paymentDepsOf(services);
      await recheckOpenOrders(paymentDeps);
      watcher = createPaymentWatcher(paymentDeps, {
        onError: (error) => log.warn({ err: error }, 'payment check failed'),
      });
    }
    migrated = true;
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  if (!role.web) log.info(WORKER_RUNNING);
  else if (!role.jobs) log.info(JOBS_ELSEWHERE);
  if (url && app) {
    log.debug({ url }, 'listening');
    const open = browserUrl(config.host, boundPort(app) ?? config.port);
    const adminEmail = config.bootstrapAdmin?.email;
    const [first = '', ...more] = startBanner(open, adminEmail);
    if (pretty) {
      // Plain lines, set apart from the log around them.
      process.stdout.write(`\n${[first, ...more].join('\n')}\n\n`);
    } else {
      log.info({ url: open, ...(adminEmail ? { adminEmail } : {}) }, first);
    }
  }
  return { url, metricsUrl: metricsServer?.url ?? null, stop };
}
