import PgBoss from 'pg-boss';
import type { Tx } from '../db/database.js';

/**
 * Background jobs on the same PostgreSQL (pg-boss). A job that must happen
 * because a row changed is sent with that row's transaction, so both commit
 * or neither does.
 */
export interface JobQueue {
  send(tx: Tx, name: JobName, data: object, options?: { startAfter?: number }): Promise<void>;
  work<T>(name: JobName, handler: (data: T) => Promise<void>): Promise<void>;
  /** Runs a job on a cron schedule (one run per slot across all workers). */
  schedule(name: JobName, cron: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const jobNames = [
  'deliver-message',
  'purge-deleted-ad',
  'sweep-photo-files',
  'ad-lifecycle',
] as const;
export type JobName = (typeof jobNames)[number];

export function createJobQueue(
  connectionString: string,
  options: {
    pollingIntervalSeconds?: number;
    /** First wait before a failed job is retried, doubling each time (tests shorten it). */
    retryDelaySeconds?: number;
    onError?: (error: Error) => void;
  } = {},
): JobQueue {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => options.onError?.(error));
  let started = false;
  return {
    async start() {
      await boss.start();
      started = true;
      for (const name of jobNames) await boss.createQueue(name);
    },
    async send(tx, name, data, sendOptions = {}) {
      await boss.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        retryLimit: 8,
        retryDelay: options.retryDelaySeconds ?? 30,
        retryBackoff: true,
        db: { executeSql: (text, values) => tx.client.query(text, values) },
      });
    },
    async work<T>(name: JobName, handler: (data: T) => Promise<void>) {
      await boss.work<T>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 5 },
        async (jobs) => {
          for (const job of jobs) await handler(job.data);
        },
      );
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { retryLimit: 1 });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}
