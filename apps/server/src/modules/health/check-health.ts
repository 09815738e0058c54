import { setTimeout as sleep } from 'node:timers/promises';
import type { ChainSource } from '../../adapters/chain/chain-source.js';
import type { MailTransport } from '../../adapters/mail/mail-transport.js';
import type { RedisConnection } from '../../adapters/redis/redis-connection.js';
import type { PhotoStorage } from '../../adapters/storage/photo-storage.js';
import type { Database } from '../../db/database.js';
import { migrationStatus } from '../../db/migrate.js';
import { settle, type Settled } from './dependency-state.js';
import {
  countOpenPaymentOrders,
  LATE_AFTER_SECONDS,
  readJobQueue,
  readOutbox,
  type OutboxBacklog,
  type WaitingJobs,
} from './operations-state.js';

/** A part that answered (`warn`: it answered, but something needs a look), or why it is down. */
export type PartReport<T extends object = object> =
  ({ state: 'ok' | 'warn' } & T) | { state: 'down'; error: unknown };

/** What `health` found, part by part; the JSON `health --json` prints. */
export interface HealthReport {
  database: PartReport<{ migrations: { applied: number; pending: number } }>;
  /** Only with REDIS_URL. */
  redis?: PartReport;
  storage: PartReport<{ kind: 'local' | 's3' }>;
  mail: PartReport<{ transport: 'smtp' | 'outbox' }>;
  chain: PartReport<{ tipHeight: number }>;
  jobs: PartReport<{ queues: WaitingJobs[] }>;
  outbox: PartReport<{ channels: OutboxBacklog[] }>;
  payments: PartReport<{ openOrders: number }>;
}

export interface HealthDeps {
  database: Database;
  migrationsDir: string;
  redis: RedisConnection | null;
  storage: PhotoStorage;
  storageKind: 'local' | 's3';
  mail: MailTransport;
  chain: ChainSource;
}

/** How long each part may take to answer; they are asked at once. */
export const HEALTH_TIMEOUT_MS = 5_000;
/** A connection opened for the check is still connecting: the time its connect may take. */
const REDIS_CONNECT_WAIT_MS = 1_000;

function reportOf<T, R extends object>(
  settled: Settled<T>,
  present: (value: T) => { state: 'ok' | 'warn' } & R,
): PartReport<R> {
  return settled.ok ? present(settled.value) : { state: 'down', error: settled.error };
}

const lateIf = (late: boolean) => (late ? 'warn' : 'ok');

async function redisAnswers(redis: RedisConnection): Promise<void> {
  const deadline = Date.now() + REDIS_CONNECT_WAIT_MS;
  while (!redis.isConnected() && Date.now() < deadline) await sleep(20);
  await redis.probe();
}

/**
 * Asks every part the site runs on, all at once, each within HEALTH_TIMEOUT_MS:
 * the database (and its migrations), Redis when set, the photo storage, the mail
 * server, the chain source, and the work waiting in the database. Changes nothing.
 */
export async function checkHealth(
  deps: HealthDeps,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<HealthReport> {
  const ask = <T>(probe: () => Promise<T>) => settle(probe, timeoutMs);
  const { redis } = deps;
  const [database, redisState, storage, mail, chain, jobs, outbox, payments] = await Promise.all([
    ask(() => migrationStatus(deps.database.pool, deps.migrationsDir)),
    redis ? ask(() => redisAnswers(redis)) : null,
    ask(() => deps.storage.probe()),
    ask(() => deps.mail.verify()),
    ask(() => deps.chain.tipHeight()),
    ask(() => readJobQueue(deps.database)),
    ask(() => readOutbox(deps.database)),
    ask(() => countOpenPaymentOrders(deps.database)),
  ]);
  return {
    database: reportOf(database, (migrations) => ({
      state: lateIf(migrations.pending > 0),
      migrations,
    })),
    ...(redisState ? { redis: reportOf(redisState, () => ({ state: 'ok' as const })) } : {}),
    storage: reportOf(storage, () => ({ state: 'ok' as const, kind: deps.storageKind })),
    mail: reportOf(mail, (verified) => ({
      state: 'ok' as const,
      transport: verified === 'verified' ? ('smtp' as const) : ('outbox' as const),
    })),
    chain: reportOf(chain, (tipHeight) => ({ state: 'ok' as const, tipHeight })),
    jobs: reportOf(jobs, (queues) => ({
      state: lateIf(queues.some((queue) => queue.oldestWaitingSeconds > LATE_AFTER_SECONDS)),
      queues,
    })),
    outbox: reportOf(outbox, (channels) => ({
      state: lateIf(channels.some((channel) => channel.oldestQueuedSeconds > LATE_AFTER_SECONDS)),
      channels,
    })),
    payments: reportOf(payments, (openOrders) => ({ state: 'ok' as const, openOrders })),
  };
}
