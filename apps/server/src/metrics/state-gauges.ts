import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/database.js';
import { settle, type Settled } from '../modules/health/dependency-state.js';
import {
  countOpenPaymentOrders,
  jobNames,
  outboxChannels,
  readJobQueue,
  readOutbox,
  type OutboxBacklog,
  type WaitingJobs,
} from '../modules/health/operations-state.js';

/** A scrape never waits longer than this for the database; what did not answer is left out. */
export const SCRAPE_READ_TIMEOUT_MS = 3_000;

/**
 * One read per scrape however many gauges show it: prom-client asks every gauge
 * at once, and the gauges of one read share the read under way.
 */
function oncePerScrape<T>(read: () => Promise<T>, timeoutMs: number) {
  let underWay: Promise<Settled<T>> | null = null;
  return () => {
    underWay ??= settle(read, timeoutMs).finally(() => {
      underWay = null;
    });
    return underWay;
  };
}

/**
 * A gauge of one label over the rows of a read: a sample for each of `names` (0 when
 * its row is absent) and for any other row. Unread: no sample at all, rather than
 * the figures of an earlier scrape.
 */
function rowsGauge<R>(spec: {
  registry: Registry;
  name: string;
  help: string;
  label: string;
  names: readonly string[];
  read: () => Promise<Settled<R[]>>;
  key: (row: R) => string;
  value: (row: R) => number;
}): void {
  new Gauge({
    name: spec.name,
    help: spec.help,
    labelNames: [spec.label],
    registers: [spec.registry],
    async collect() {
      const read = await spec.read();
      this.reset();
      if (!read.ok) return;
      const found = new Map(read.value.map((row) => [spec.key(row), row]));
      for (const name of new Set([...spec.names, ...found.keys()])) {
        const row = found.get(name);
        this.set({ [spec.label]: name }, row ? spec.value(row) : 0);
      }
    },
  });
}

/**
 * The gauges read at each scrape: the database pool's connections (counted in
 * this process), and from the database, one query each, the job queue, the
 * outbox and the open payment orders (modules/health/operations-state.ts, as
 * `health` reads them). Those are the same on every server of one database.
 */
export function registerStateGauges(
  registry: Registry,
  database: Database,
  timeoutMs = SCRAPE_READ_TIMEOUT_MS,
): void {
  const registers = [registry];
  const { pool } = database;
  new Gauge({
    name: 'adboard_db_pool_connections',
    help: "Connections of this process's database pool, idle or in use",
    registers,
    collect() {
      this.set(pool.totalCount);
    },
  });
  new Gauge({
    name: 'adboard_db_pool_idle_connections',
    help: "Idle connections of this process's database pool",
    registers,
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'adboard_db_pool_waiting_clients',
    help: 'Queries of this process waiting for a connection of its pool (the pool is exhausted)',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });

  const jobs = oncePerScrape(() => readJobQueue(database), timeoutMs);
  const outbox = oncePerScrape(() => readOutbox(database), timeoutMs);
  const orders = oncePerScrape(() => countOpenPaymentOrders(database), timeoutMs);

  const jobGauge = (name: string, help: string, value: (row: WaitingJobs) => number) =>
    rowsGauge({
      registry,
      name,
      help,
      label: 'job',
      names: jobNames,
      read: jobs,
      key: (r) => r.job,
      value,
    });
  jobGauge(
    'adboard_jobs_waiting',
    'Jobs due and waiting for a worker, by job name',
    (r) => r.waiting,
  );
  jobGauge(
    'adboard_jobs_later',
    'Jobs sent with a delay or waiting for their next retry, by job name',
    (r) => r.later,
  );
  jobGauge(
    'adboard_jobs_oldest_waiting_seconds',
    'How long the longest-waiting due job has waited, by job name (0: none waits)',
    (r) => r.oldestWaitingSeconds,
  );
  const outboxGauge = (name: string, help: string, value: (row: OutboxBacklog) => number) =>
    rowsGauge({
      registry,
      name,
      help,
      label: 'channel',
      names: outboxChannels,
      read: outbox,
      key: (r) => r.channel,
      value,
    });
  outboxGauge('adboard_outbox_queued', 'Messages not yet handed over, by channel', (r) => r.queued);
  outboxGauge(
    'adboard_outbox_oldest_queued_seconds',
    'Age of the oldest message not yet handed over, by channel (0: none)',
    (r) => r.oldestQueuedSeconds,
  );

  new Gauge({
    name: 'adboard_payment_orders_open',
    help: 'Payment orders whose address is offered and not yet paid',
    registers,
    async collect() {
      const read = await orders();
      // Unread: NaN (unknown), never a 0 that an alert would believe.
      this.set(read.ok ? read.value : Number.NaN);
    },
  });
  new Gauge({
    name: 'adboard_database_up',
    help: "1 when this scrape's reads of the database answered within 3 s, 0 otherwise",
    registers,
    async collect() {
      const reads = await Promise.all([jobs(), outbox(), orders()]);
      this.set(reads.every((read) => read.ok) ? 1 : 0);
    },
  });
}
