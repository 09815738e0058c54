import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import { createJobQueue, type JobQueue } from '../src/jobs/job-queue.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * The account mails (code, reset link) are written by the 'account-mail' job
 * before they reach the outbox. A worker that crashed while running one leaves
 * it 'active', its heartbeat no longer refreshed; pg-boss's defaults (no
 * heartbeat, 15 minutes' expiry, a check every minute or two) held that mail
 * for a quarter of an hour. It must run again within a minute.
 */
describe('a mail job whose worker died', () => {
  let testDb: TestDatabase;
  let database: Database;
  let queue: JobQueue;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = openDatabase(testDb.url, { max: 2 });
    queue = createJobQueue(testDb.url, { pollingIntervalSeconds: 0.5 });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
    await testDb.drop();
  });

  it('runs again within a minute', async () => {
    await database.transaction((tx) => queue.send(tx, 'account-mail', { probe: 1 }));
    // As a worker leaves it when the process is killed 31 s into the job: its last
    // heartbeat is from then.
    await database.pool.query(
      `update pgboss.job set state = 'active', started_on = now() - interval '31 seconds',
          heartbeat_on = now() - interval '31 seconds'
        where name = 'account-mail'`,
    );
    const diedAt = Date.now() - 31_000;
    let ranAt: number | null = null;
    await queue.work<{ probe: number }>('account-mail', async () => {
      ranAt ??= Date.now();
    });
    const deadline = Date.now() + 75_000;
    while (ranAt === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ranAt).not.toBeNull();
    expect((ranAt ?? Infinity) - diedAt).toBeLessThan(60_000);
  }, 90_000);
});

/**
 * pg-boss hands a worker its jobs in batches and, when the handler throws,
 * fails the whole batch: the account mails that had already been written were
 * written, and mailed, again on the retry.
 */
describe('a mail job that fails beside others in its batch', () => {
  let testDb: TestDatabase;
  let database: Database;
  let queue: JobQueue;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = openDatabase(testDb.url, { max: 2 });
    queue = createJobQueue(testDb.url, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
    await testDb.drop();
  });

  it('is retried alone: the jobs that succeeded beside it do not run again', async () => {
    const runs = new Map<number, number>();
    await database.transaction(async (tx) => {
      for (const probe of [1, 2, 3, 4]) await queue.send(tx, 'account-mail', { probe });
    });
    await queue.work<{ probe: number }>('account-mail', async ({ probe }) => {
      runs.set(probe, (runs.get(probe) ?? 0) + 1);
      if (probe === 1) throw new Error('this one fails');
    });
    const deadline = Date.now() + 30_000;
    while ((runs.get(1) ?? 0) < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(runs.get(1)).toBeGreaterThanOrEqual(3);
    expect([runs.get(2), runs.get(3), runs.get(4)]).toEqual([1, 1, 1]);
  }, 45_000);
});
