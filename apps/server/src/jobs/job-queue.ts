import { PgBoss } from 'pg-boss';
import type { Tx } from '../db/database.js';

/** The job a handler runs. */
export interface RunningJob {
  /**
   * Marks the job done in the handler's own transaction: once that commits, a
   * crash before pg-boss records the end of the batch does not run it again
   * (which would mail twice).
   */
  complete(tx: Tx): Promise<void>;
}

/**
 * Background jobs on the same PostgreSQL (pg-boss). A job that must happen
 * because a row changed is sent with that row's transaction, so both commit
 * or neither does.
 */
export interface JobQueue {
  send(tx: Tx, name: JobName, data: object, options?: { startAfter?: number }): Promise<void>;
  work<T>(name: JobName, handler: (data: T, job: RunningJob) => Promise<void>): Promise<void>;
  /** Runs a job on a cron schedule (one run per slot across all workers). */
  schedule(name: JobName, cron: string): Promise<void>;
  /**
   * Ends this process's workers' wait for `name` now (call it after the sending
   * transaction committed): the job starts at once instead of at the next poll.
   */
  wake(name: JobName): void;
  /** Tries after a failed first one, and the first wait (doubling each time). */
  readonly retry: { limit: number; delaySeconds: number };
  /**
   * Runs a worker of this process's own (the outbox dispatcher) until the queue
   * stops: `stop()` stops it first, so its hand-overs finish before the
   * transports and the database close.
   */
  keep(worker: { stop(): Promise<void> }): void;
  /** Where a kept worker reports what went wrong (the server's log). */
  reportError(error: unknown): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const jobNames = [
  'purge-deleted-ad',
  'sweep-photo-files',
  'ad-lifecycle',
  'account-mail',
  'erase-deleted-accounts',
] as const;
export type JobName = (typeof jobNames)[number];

/**
 * A worker that died (killed, crashed, its machine gone) leaves its jobs to
 * another within a minute, whatever the job: every job carries a heartbeat
 * that the worker running it refreshes every HEARTBEAT_SECONDS / 2; pg-boss's
 * monitor, which every process runs every MONITOR_SECONDS (its default: a
 * minute), fails a job whose heartbeat is older than HEARTBEAT_SECONDS, and it
 * is retried 5 to 10 s later (JOB_RETRY). At worst: 10 + 2 × 10
 * (two passes, the claim's timing) + 10 + a poll, about 45 s. A job that runs long
 * while its worker lives keeps its heartbeat and runs on (pg-boss's 15-minute
 * expiry still bounds a job that hangs).
 */
const HEARTBEAT_SECONDS = 10;
const MONITOR_SECONDS = 10;
/**
 * A failed job (or one whose worker died) runs again after 5 to 10 s, then
 * after twice that each time, at most an hour apart: 12 tries cover 3.4 to 4.4
 * hours, so a database that was away for an hour or two loses no job (a purge
 * that gave up would keep a deleted ad's personal data).
 */
const JOB_RETRY = { limit: 12, delaySeconds: 5, maxDelaySeconds: 3600 };
/** The outbox's deliveries (queue.retry): 8 tries, the first after 30 s. */
const RETRY_LIMIT = 8;
/**
 * Jobs a worker takes at once. A full batch is followed by the next fetch at
 * once, so a backlog drains as fast as the jobs run, whatever the poll.
 */
const BATCH_SIZE = 20;
/**
 * Jobs of a batch run at once, each in its own transaction: an account mail is a
 * few short statements, so most of its time is waiting on the database, and
 * four overlap those waits. The other jobs run one after the other.
 */
const LANES: Partial<Record<JobName, number>> = { 'account-mail': 4 };

/** Runs `run` over `items`, at most `lanes` at a time, in their order. */
async function inLanes<T>(items: T[], lanes: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

export function createJobQueue(
  connectionString: string,
  options: {
    pollingIntervalSeconds?: number;
    /** First wait before a failed job is retried, doubling each time (tests shorten it). */
    retryDelaySeconds?: number;
    /** How often schedules are looked at (pg-boss's default: 30 s; tests shorten it). */
    scheduleCheckSeconds?: number;
    onError?: (error: Error) => void;
  } = {},
): JobQueue {
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    max: 4,
    superviseIntervalSeconds: MONITOR_SECONDS,
    monitorIntervalSeconds: MONITOR_SECONDS,
    ...(options.scheduleCheckSeconds
      ? { cronMonitorIntervalSeconds: options.scheduleCheckSeconds }
      : {}),
  });
  boss.on('error', (error) => options.onError?.(error));
  let started = false;
  const kept: { stop(): Promise<void> }[] = [];
  const workerIds = new Map<JobName, string[]>();
  return {
    async start() {
      await boss.start();
      started = true;
      for (const name of jobNames) await boss.createQueue(name);
    },
    retry: { limit: RETRY_LIMIT, delaySeconds: options.retryDelaySeconds ?? 30 },
    keep(worker) {
      kept.push(worker);
    },
    reportError(error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    },
    async send(tx, name, data, sendOptions = {}) {
      await boss.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        heartbeatSeconds: HEARTBEAT_SECONDS,
        retryLimit: JOB_RETRY.limit,
        retryDelay: options.retryDelaySeconds ?? JOB_RETRY.delaySeconds,
        retryDelayMax: JOB_RETRY.maxDelaySeconds,
        retryBackoff: true,
        db: { executeSql: (text, values) => tx.client.query(text, values) },
      });
    },
    async work<T>(name: JobName, handler: (data: T, job: RunningJob) => Promise<void>) {
      // Its id is known once `work` answers, before any batch can reach the handler.
      const worker: { id?: string } = {};
      worker.id = await boss.work<T>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: BATCH_SIZE },
        async (jobs) => {
          // A full batch: more may be waiting. pg-boss would sleep out the polling
          // interval before its next fetch (a backlog went out one batch a poll);
          // being notified during the batch, it fetches again as soon as it ends.
          if (jobs.length === BATCH_SIZE && worker.id) boss.notifyWorker(worker.id);
          // One failure fails that job only: pg-boss would retry the whole batch,
          // and run (and mail) again the jobs that had succeeded beside it.
          const runOne = async (job: (typeof jobs)[number]) => {
            try {
              await handler(job.data, {
                complete: async (tx) => {
                  await boss.complete(
                    name,
                    job.id,
                    {},
                    {
                      db: { executeSql: (text, values) => tx.client.query(text, values) },
                    },
                  );
                },
              });
            } catch (error) {
              await boss.fail(name, job.id, { message: (error as Error).message });
            }
          };
          await inLanes(jobs, LANES[name] ?? 1, runOne);
        },
      );
      workerIds.set(name, [...(workerIds.get(name) ?? []), worker.id]);
    },
    wake(name) {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { retryLimit: 1, heartbeatSeconds: HEARTBEAT_SECONDS });
    },
    async stop() {
      for (const worker of kept.splice(0)) await worker.stop();
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
