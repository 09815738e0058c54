import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createSmtpTransport } from './adapters/mail/smtp-transport.js';
import { createDiskPhotoStorage } from './adapters/storage/disk-photo-storage.js';
import { createEsploraChainSource } from './adapters/chain/esplora-chain-source.js';
import { startFakeEsplora } from './adapters/chain/fake-esplora-server.js';
import { createRateSource } from './adapters/rates/index.js';
import {
  createPaymentWatcher,
  recheckOpenOrders,
  type PaymentWatcher,
} from './modules/payments/payment-watcher.js';
import { createOutboxOnlyTransport } from './adapters/mail/mail-transport.js';
import { createOutboxOnlySmsTransport, type SmsTransport } from './adapters/sms/sms-transport.js';
import { createTwilioTransport } from './adapters/sms/twilio-transport.js';
import { buildApp } from './app.js';
import type { Config, SmsSettings } from './config.js';
import { openDatabase } from './db/database.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres.js';
import { migrate } from './db/migrate.js';
import { migrationsDir } from './db/migrations-dir.js';
import { createMemoryRateLimitStore, createRateLimiter, scaledRules } from './http/rate-limit.js';
import { createRedisRateLimitStore } from './http/redis-rate-limit-store.js';
import { createJobQueue } from './jobs/job-queue.js';
import { registerWorkers } from './jobs/workers.js';
import { createBacklinkChecker } from './modules/ad-checks/backlink-checker.js';
import { publicAddressesOnly } from './modules/ad-checks/address-policy.js';
import { bootstrapAdmin } from './modules/accounts/bootstrap-admin.js';
import { seedLocations } from './modules/locations/seed-locations.js';
import { createSiteResolver } from './modules/sites/resolve-site.js';
import { siteById } from './modules/sites/site-by-id.js';

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
  const database = openDatabase(databaseUrl);
  const queue = createJobQueue(databaseUrl, {
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  const mail = config.mail.smtpUrl
    ? createSmtpTransport(config.mail.smtpUrl)
    : createOutboxOnlyTransport();
  const sms = createSmsTransport(config.sms);
  const redisStore = config.redisUrl ? createRedisRateLimitStore(config.redisUrl) : null;
  const limiter = createRateLimiter(
    redisStore ?? createMemoryRateLimitStore(),
    scaledRules(config.rateLimitScale),
  );

  const storage = createDiskPhotoStorage(path.join(config.dataDir, 'photos'));
  // Outside production without ESPLORA_URL the shipped fake chain stands in (config forbids it in production).
  const fakeChain = config.bitcoin.esploraUrl ? null : await startFakeEsplora();
  const payments = {
    rates: createRateSource(config.bitcoin.rate, (error) =>
      log.warn({ err: error }, 'rate provider failed'),
    ),
    chain: createEsploraChainSource({ baseUrl: config.bitcoin.esploraUrl ?? fakeChain?.url ?? '' }),
    bitcoin: config.bitcoin,
  };
  let watcher: PaymentWatcher | null = null;
  let migrated = false;
  const app = options.http
    ? await buildApp({
        config,
        database,
        queue,
        limiter,
        resolveSite: createSiteResolver(),
        backlinks: createBacklinkChecker({ policy: publicAddressesOnly }),
        storage,
        payments,
        ...(fakeChain ? { fakeChain } : {}),
        webDist,
        isMigrated: () => migrated,
      })
    : null;
  const stop = async () => {
    await app?.close();
    await watcher?.stop();
    await queue.stop();
    await mail.close();
    await sms.close();
    await redisStore?.close();
    await database.close();
    await fakeChain?.close();
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
      await registerWorkers(queue, {
        db: database.db,
        database,
        mail,
        sms,
        mailFrom: config.mail.from,
        siteById: (id) => siteById(id),
        storage,
        port: config.port,
      });
      const paymentDeps = { ...payments, database, queue };
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

function createSmsTransport(settings: SmsSettings): SmsTransport {
  if (settings.provider === 'outbox') return createOutboxOnlySmsTransport();
  return createTwilioTransport({
    accountSid: settings.accountSid,
    authToken: settings.authToken,
    from: settings.from,
    apiBaseUrl: settings.apiUrl,
  });
}
