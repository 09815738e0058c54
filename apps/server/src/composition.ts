import path from 'node:path';
import { createLocalBroadcast, type Broadcast } from './adapters/broadcast/broadcast.js';
import { createRedisBroadcast } from './adapters/broadcast/redis-broadcast.js';
import type { FakeEsplora } from './adapters/chain/fake-esplora-server.js';
import { startFakeEsplora } from './adapters/chain/fake-esplora-server.js';
import { countedChainSource } from './adapters/chain/counted-chain-source.js';
import { createEsploraChainSource } from './adapters/chain/esplora-chain-source.js';
import { createOutboxOnlyTransport, type MailTransport } from './adapters/mail/mail-transport.js';
import { createSmtpTransport } from './adapters/mail/smtp-transport.js';
import { createRateSource, type RateSource } from './adapters/rates/index.js';
import { openRedis, type RedisConnection } from './adapters/redis/redis-connection.js';
import { createOutboxOnlySmsTransport, type SmsTransport } from './adapters/sms/sms-transport.js';
import { createTwilioTransport } from './adapters/sms/twilio-transport.js';
import { createDiskPhotoStorage } from './adapters/storage/disk-photo-storage.js';
import type { PhotoStorage } from './adapters/storage/photo-storage.js';
import { createS3PhotoStorage } from './adapters/storage/s3-photo-storage.js';
import type { AppDeps } from './app.js';
import type { Config, SmsSettings } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  scaledRules,
  type RateLimiter,
  type RateLimitStore,
} from './http/rate-limit.js';
import { createFailoverRateLimitStore } from './http/failover-rate-limit-store.js';
import { createRedisRateLimitStore } from './http/redis-rate-limit-store.js';
import { createJobQueue, type JobQueue } from './jobs/job-queue.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { registerStateGauges } from './metrics/state-gauges.js';
import type { WorkerDeps } from './jobs/workers.js';
import {
  createBacklinkChecker,
  type BacklinkChecker,
} from './modules/ad-checks/backlink-checker.js';
import { publicAddressesOnly } from './modules/ad-checks/address-policy.js';
import {
  publicAdChangesOver,
  type PublicAdChanges,
} from './modules/ad-lifecycle/public-ad-changes.js';
import { createLocalBacklinkChecker } from './modules/ad-checks/local-backlinks.js';
import type { PaymentDeps } from './modules/payments/payment-deps.js';
import { photoLinkSecret } from './modules/photos/photo-link-secret.js';
import { createTotpSecretBox, type TotpSecretBox } from './modules/accounts/totp-secret-box.js';
import { createPhotoLinks, type PhotoLinks } from './modules/photos/photo-links.js';
import { createSiteResolver } from './modules/sites/resolve-site.js';
import { siteById } from './modules/sites/site-by-id.js';

/**
 * The one composition root: every service the server, its jobs and the test
 * app run on, built from the config. Tests and tools pass overrides for what
 * they replace (a fixed rate, a temporary photo folder, a mail receiver); the
 * wiring itself is written once, here.
 */
export interface Services {
  config: Config;
  database: Database;
  queue: JobQueue;
  limiter: RateLimiter;
  /** With REDIS_URL: the connection the limits and page changes share; null without. */
  redis: RedisConnection | null;
  /** Changes of ads the public sees, told to every server's page cache (Redis, or this process). */
  adChanges: PublicAdChanges;
  storage: PhotoStorage;
  photoLinks: PhotoLinks;
  /** Seals the authenticator apps' secrets, under a key derived from the same server secret. */
  secretBox: TotpSecretBox;
  mail: MailTransport;
  sms: SmsTransport;
  backlinks: BacklinkChecker;
  payments: Omit<PaymentDeps, 'database' | 'queue' | 'adChanges'>;
  /** The shipped fake chain, outside production when no ESPLORA_URL is set. */
  fakeChain: FakeEsplora | null;
  resolveSite: AppDeps['resolveSite'];
  /** What this server counts, on a registry of its own; served by metrics/metrics-server.ts with METRICS. */
  metrics: Metrics;
  /** Stops what the services hold open, in the reverse order of their start. */
  close(): Promise<void>;
}

export interface ServiceOverrides {
  limiter?: RateLimiter;
  storage?: PhotoStorage;
  rates?: RateSource;
  backlinks?: BacklinkChecker;
  mail?: MailTransport;
  sms?: SmsTransport;
  queue?: { pollingIntervalSeconds?: number; retryDelaySeconds?: number };
  /** The shipped fake chain even when ESPLORA_URL is set (tests never reach outside). */
  fakeChain?: boolean;
  /** Pool size of the database connection (default: DATABASE_POOL_MAX). */
  databasePoolMax?: number;
  onError?: (what: string, error: unknown) => void;
}

export async function composeServices(
  config: Config,
  databaseUrl: string,
  overrides: ServiceOverrides = {},
): Promise<Services> {
  const onError = overrides.onError ?? (() => undefined);
  // First: reading or making the key may fail, and nothing is open yet.
  const serverSecret = await photoLinkSecret(config);
  const photoLinks = createPhotoLinks(serverSecret);
  const secretBox = createTotpSecretBox(serverSecret);
  const database = openDatabase(databaseUrl, {
    max: overrides.databasePoolMax ?? config.databasePoolMax,
  });
  const queue = createJobQueue(databaseUrl, {
    ...overrides.queue,
    onError: (error) => onError('job queue error', error),
  });
  const mail =
    overrides.mail ??
    (config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : createOutboxOnlyTransport());
  const sms = overrides.sms ?? createSmsTransport(config.sms);
  const redis = config.redisUrl
    ? openRedis(config.redisUrl, { onDown: (error) => onError(REDIS_DOWN, error) })
    : null;
  const limiter =
    overrides.limiter ?? createRateLimiter(limitStore(redis), scaledRules(config.rateLimitScale));
  const broadcast: Broadcast = redis
    ? createRedisBroadcast(redis, PAGE_CHANGES_CHANNEL)
    : createLocalBroadcast();
  const photoStore = openPhotoStorage(config, overrides.storage);
  const storage = photoStore.storage;
  // Outside production without ESPLORA_URL the shipped fake chain stands in (config forbids it in production).
  // The shipped one keeps its chain in DATA_DIR, so a restarted demo still shows what was
  // paid; a test's fake (the override) lives in memory.
  const fakeChain = overrides.fakeChain
    ? await startFakeEsplora()
    : !config.bitcoin.esploraUrl
      ? await startFakeEsplora({ stateFile: path.join(config.dataDir, 'fake-chain.json') })
      : null;
  const metrics = createMetrics({ defaults: config.metrics.enabled });
  registerStateGauges(metrics.registry, database);
  const payments = {
    rates:
      overrides.rates ??
      createRateSource(config.bitcoin.rate, (error) => onError('rate provider failed', error)),
    chain: countedChainSource(
      createEsploraChainSource({ baseUrl: fakeChain?.url ?? config.bitcoin.esploraUrl ?? '' }),
      metrics.countChainCall,
    ),
    bitcoin: config.bitcoin,
  };
  return {
    config,
    database,
    queue,
    limiter,
    redis,
    adChanges: publicAdChangesOver(broadcast),
    storage,
    photoLinks,
    secretBox,
    mail,
    sms,
    backlinks:
      overrides.backlinks ??
      (config.localBacklinks
        ? createLocalBacklinkChecker()
        : createBacklinkChecker({ policy: publicAddressesOnly })),
    payments,
    fakeChain,
    resolveSite: createSiteResolver(),
    metrics,
    async close() {
      await queue.stop();
      await mail.close();
      await sms.close();
      await broadcast.close();
      await redis?.close();
      await database.close();
      await fakeChain?.close();
      photoStore.close();
    },
  };
}

/**
 * The photo storage of the settings: with STORAGE=s3 a bucket every server shares
 * (`close` lets its sockets go), with local DATA_DIR/photos of this machine. A storage
 * `given` instead (a test's) is used as it is, and left to its owner to close.
 */
export function openPhotoStorage(
  config: Config,
  given?: PhotoStorage,
): { storage: PhotoStorage; close(): void } {
  if (given) return { storage: given, close: () => undefined };
  if (config.storage.kind === 's3') {
    const bucket = createS3PhotoStorage(config.storage);
    return { storage: bucket, close: () => bucket.close() };
  }
  return {
    storage: createDiskPhotoStorage(path.join(config.dataDir, 'photos')),
    close: () => undefined,
  };
}

/** What the HTTP app is built from, out of the services. */
export function appDepsOf(
  services: Services,
  extra: Pick<AppDeps, 'webDist' | 'isMigrated'> &
    Partial<Pick<AppDeps, 'logStream' | 'publicPageTtlMs'>>,
): AppDeps {
  return {
    config: services.config,
    database: services.database,
    queue: services.queue,
    limiter: services.limiter,
    adChanges: services.adChanges,
    redis: services.redis,
    resolveSite: services.resolveSite,
    backlinks: services.backlinks,
    storage: services.storage,
    photoLinks: services.photoLinks,
    secretBox: services.secretBox,
    payments: services.payments,
    metrics: services.metrics,
    ...(services.fakeChain ? { fakeChain: services.fakeChain } : {}),
    ...extra,
  };
}

/** What the job workers run on, out of the services. */
export function workerDepsOf(services: Services): WorkerDeps {
  return {
    db: services.database.db,
    database: services.database,
    mail: services.mail,
    sms: services.sms,
    mailFrom: services.config.mail.from,
    siteById: (id) => siteById(id),
    storage: services.storage,
    adChanges: services.adChanges,
  };
}

/** The payment use cases' dependencies, out of the services. */
export function paymentDepsOf(services: Services): PaymentDeps {
  return {
    ...services.payments,
    database: services.database,
    queue: services.queue,
    adChanges: services.adChanges,
  };
}

/** The warning said (once a minute at most) while Redis does not answer. */
export const REDIS_DOWN =
  "Redis does not answer: rate limits count in each process's memory, and ad changes reach only this server's page cache, until it does";

/** The Redis pub/sub channel of the changes of ads the public sees. */
export const PAGE_CHANGES_CHANNEL = 'adboard:public-ad-changes';

/**
 * Rate-limit counters: in Redis when it is set (shared by every server), falling
 * back to this process's memory while Redis does not answer; in memory otherwise.
 */
function limitStore(redis: RedisConnection | null): RateLimitStore {
  const memory = createMemoryRateLimitStore();
  if (!redis) return memory;
  return createFailoverRateLimitStore(createRedisRateLimitStore(redis.client), memory, {
    isConnected: redis.isConnected,
    onDown: redis.reportDown,
  });
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
