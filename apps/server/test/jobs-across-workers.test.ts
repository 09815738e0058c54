import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import { createJobQueue, type JobQueue } from '../src/jobs/job-queue.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * Several workers on one database, as `npm run worker` started M times runs
 * them: two job queues of their own (each its own pg-boss and connections, as
 * two processes have), working the same jobs.
 */
describe('jobs across several workers', () => {
  let testDb: TestDatabase;
  let database: Database;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = openDatabase(testDb.url, { max: 2 });
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await database.close();
    await testDb.drop();
  });

  const worker = async (options: { scheduleCheckSeconds?: number } = {}) => {
    const queue = createJobQueue(testDb.url, { pollingIntervalSeconds: 0.5, ...options });
    queues.push(queue);
    await queue.start();
    return queue;
  };

  async function waitFor(done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await done()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('runs each job once, whichever worker takes it', async () => {
    const [first, second] = [await worker(), await worker()];
    const runs = new Map<number, number>();
    for (const queue of [first, second]) {
      await queue.work<{ adId: number }>('purge-deleted-ad', async ({ adId }) => {
        runs.set(adId, (runs.get(adId) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    await database.transaction(async (tx) => {
      for (const adId of ids) await first.send(tx, 'purge-deleted-ad', { adId });
    });
    const unfinished = async () => {
      const { rows } = await database.pool.query<{ n: string }>(
        "select count(*) as n from pgboss.job where name = 'purge-deleted-ad' and state <> 'completed'",
      );
      return rows[0]?.n;
    };
    await waitFor(() => runs.size === ids.length, 60_000);
    // Settled: every job marked completed (a handler that just ran is still 'active' for a
    // moment, on a loaded machine for a while), so nothing is left to run twice.
    await waitFor(async () => (await unfinished()) === '0', 30_000);
    expect(await unfinished()).toBe('0');
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  }, 90_000);

  it('fires a schedule once per slot, however many workers keep it', async () => {
    // Each looks at the schedules every second (pg-boss: every 30 s), so both
    // look many times within each minute's slot.
    const [first, second] = [
      await worker({ scheduleCheckSeconds: 1 }),
      await worker({ scheduleCheckSeconds: 1 }),
    ];
    let runs = 0;
    for (const queue of [first, second]) {
      await queue.work('sweep-photo-files', async () => {
        runs += 1;
      });
      // As every worker's start does (jobs/workers.ts), each minute here.
      await queue.schedule('sweep-photo-files', '* * * * *');
    }
    // The slot of this minute runs at once; the next one at the next minute.
    await waitFor(() => runs >= 2, 90_000);
    const { rows } = await database.pool.query<{ slot: string }>(
      `select data->>'slot' as slot from pgboss.job
        where name = '__pgboss__send-it' and data->>'name' = 'sweep-photo-files'`,
    );
    const slots = rows.map((row) => row.slot);
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots.length).toBeGreaterThanOrEqual(2);
    const { rows: sent } = await database.pool.query<{ n: string }>(
      "select count(*) as n from pgboss.job where name = 'sweep-photo-files'",
    );
    // One job per slot, each run once.
    expect(Number(sent[0]?.n)).toBe(slots.length);
    expect(runs).toBe(slots.length);
  }, 120_000);
});
