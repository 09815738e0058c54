import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
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
import { registerWorkers } from './jobs/workers.js';
import { bootstrapAdmin } from './modules/accounts/bootstrap-admin.js';
import { seedLocations } from './modules/locations/seed-locations.js';

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface RunningServer {
  url: string | null;
  stop(): Promise<void>;
}

/**
 * Start order: database, HTTP (readyz says 503 meanwhile), migrations and
 * seed, jobs. Stop order is the reverse, so nothing is cut off mid-write.
 */
export async function startServer(
  config: Config,
  options: { http: boolean } = { http: true },
): Promise<RunningServer> {
  const log = pino({ level: config.logLevel });
  let embedded: EmbeddedPostgres | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, (message) => log.info(message));
    databaseUrl = embedded.url;
    log.info('embedded PostgreSQL started');
  }
  try {
    return await startOnDatabase(config, options, log, databaseUrl, embedded);
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

async function startOnDatabase(
  config: Config,
  options: { http: boolean },
  log: pino.Logger,
  databaseUrl: string,
  embedded: EmbeddedPostgres | null,
): Promise<RunningServer> {
  const services = await composeServices(config, databaseUrl, {
    onError: (what, error) => log.warn({ err: error }, what),
  });
  const { database, queue } = services;
  let watcher: PaymentWatcher | null = null;
  let migrated = false;
  const app = options.http
    ? await buildApp(appDepsOf(services, { webDist, isMigrated: () => migrated }))
    : null;
  const stop = async () => {
    await app?.close();
    await watcher?.stop();
    await services.close();
    await embedded?.stop();
  };

  let url: string | null = null;
  try {
    if (app) url = await app.listen({ port: config.port, host: config.host });
    const applied = await migrate(database.pool, migrationsDir);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    await seedLocations(database);
    if (config.bootstrapAdmin) {
      const created = await bootstrapAdmin(database, config.bootstrapAdmin, 'local');
      if (created) log.info('bootstrap administrator created');
    }
    await queue.start();
    if (config.runJobs) {
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
  if (url) log.info({ url }, 'listening');
  return { url, stop };
}
