import PgBoss from 'pg-boss';
import type { Tx } from '../db/database.js';

/**
 * Background jobs on the same PostgreSQL (pg-boss). A job that must happen
 * because a row changed is sent with that row's transaction, so both commit
 * or neither does.
 */
export interface JobQueue {
  send(tx: Tx, name: JobName, data: object): Promise<void>;
  work<T>(name: JobName, handler: (data: T) => Promise<void>): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const jobNames = ['deliver-message'] as const;
export type JobName = (typeof jobNames)[number];

export function createJobQueue(
  connectionString: string,
  options: { pollingIntervalSeconds?: number; onError?: (error: Error) => void } = {},
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
    async send(tx, name, data) {
      await boss.send(name, data, {
        retryLimit: 8,
        retryDelay: 30,
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
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}
