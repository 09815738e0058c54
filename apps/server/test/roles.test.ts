import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import { freePort } from '../src/db/embedded-postgres.js';
import { createJobQueue, type JobQueue } from '../src/jobs/job-queue.js';
import { startMailReceiver, type MailReceiver } from './support/mail-receiver.js';
import {
  bundleServer,
  isRunning,
  startServerProcess,
  stopServerProcess,
  waitReady,
  waitWorkerRunning,
  type ServerProcess,
} from './support/server-process.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * `npm run web` (`--web`) and `npm run worker` (`--worker`): the real server
 * processes, on one database, as a site with several processes runs them.
 */

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

describe('the web and worker roles on one database', () => {
  let testDb: TestDatabase;
  let sql: pg.Pool;
  let bundle: { main: string; dir: string };
  let dataDir: string;
  let receiver: MailReceiver;
  let queue: JobQueue | null = null;
  let database: Database;
  const running: ServerProcess[] = [];
  let env: Record<string, string>;

  const start = async (args: string[]) => {
    const s = startServerProcess(bundle.main, await freePort(), env, args);
    running.push(s);
    return s;
  };
  const jobState = async (id: string) =>
    (await sql.query<{ state: string }>('select state from pgboss.job where id = $1', [id])).rows[0]
      ?.state ?? null;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    sql = new pg.Pool({ connectionString: testDb.url, max: 2 });
    database = openDatabase(testDb.url, { max: 1 });
    bundle = await bundleServer('roles');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-roles-'));
    receiver = await startMailReceiver();
    env = {
      DATABASE_URL: testDb.url,
      DATA_DIR: dataDir,
      SMTP_URL: receiver.url,
      LOG_LEVEL: 'info',
    };
  }, 120_000);
  // Each test starts its own processes and leaves none running for the next.
  afterEach(async () => {
    for (const s of running.splice(0)) {
      if (isRunning(s)) expect(await stopServerProcess(s, 15_000)).toBe(0);
    }
  });
  afterAll(async () => {
    for (const s of running) if (isRunning(s)) await stopServerProcess(s, 15_000);
    await queue?.stop();
    await database?.close();
    await receiver?.close();
    await sql?.end();
    await testDb?.drop();
    await rm(bundle.dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the web process serves and sends jobs but runs none; a worker runs them and delivers the mail; SIGTERM ends both', async () => {
    const web = await start(['--web']);
    await waitReady(web);
    // A process that runs jobs has scheduled its recurring ones before it is ready.
    const schedules = async () =>
      (
        await sql.query<{ name: string }>('select name from pgboss.schedule order by name')
      ).rows.map((row) => row.name);
    expect(await schedules()).toEqual([]);
    expect(web.stdout()).toContain('jobs do not run in this process');

    const email = 'two.processes@example.com';
    const registered = await fetch(`${web.base}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a long enough passphrase' }),
    });
    expect(registered.status).toBe(200);
    // Sent in the registration's transaction, by the web process.
    const { rows: jobs } = await sql.query<{ id: string; state: string }>(
      "select id, state from pgboss.job where name = 'account-mail'",
    );
    expect(jobs).toHaveLength(1);

    const worker = await start(['--worker']);
    await waitWorkerRunning(worker);
    expect(await schedules()).toEqual([
      'ad-lifecycle',
      'erase-deleted-accounts',
      'sweep-photo-files',
    ]);
    // No HTTP in a worker: its PORT is not listened on.
    await expect(fetch(`${worker.base}/livez`)).rejects.toThrow();
    const mailed = await waitFor(
      async () => receiver.accepted.filter((mail) => mail.to.includes(email)).length,
      (count) => count > 0,
      30_000,
    );
    expect(mailed).toBe(1);
    expect(await jobState(jobs[0]?.id ?? '')).toBe('completed');

    expect(await stopServerProcess(web)).toBe(0);
    expect(await stopServerProcess(worker)).toBe(0);
  }, 180_000);

  /**
   * The purge of a deleted ad, held by a lock on the ads table the test takes:
   * a job in the middle of its work, for as long as the test wants.
   */
  const holdAds = async () => {
    const client = await sql.connect();
    await client.query('begin');
    await client.query('lock table ads in access exclusive mode');
    return {
      release: async () => {
        await client.query('commit');
        client.release();
      },
    };
  };
  const sendPurge = async (adId: number) => {
    if (!queue) {
      queue = createJobQueue(testDb.url);
      await queue.start();
    }
    const sender = queue;
    await database.transaction((tx) => sender.send(tx, 'purge-deleted-ad', { adId }));
    const { rows } = await sql.query<{ id: string }>(
      "select id from pgboss.job where name = 'purge-deleted-ad' and (data->>'adId')::int = $1",
      [adId],
    );
    return rows[0]?.id ?? '';
  };

  it('a worker killed in the middle of a job leaves it to another within a minute', async () => {
    const first = await start(['--worker']);
    await waitWorkerRunning(first);
    const lock = await holdAds();
    try {
      const job = await sendPurge(101);
      expect(
        await waitFor(
          () => jobState(job),
          (s) => s === 'active',
          30_000,
        ),
      ).toBe('active');

      first.child.kill('SIGKILL');
      await first.exited;
      const killedAt = Date.now();
      await lock.release();
      // Another worker, started now (its start counts in the minute).
      const second = await start(['--worker']);
      await waitWorkerRunning(second);
      expect(
        await waitFor(
          () => jobState(job),
          (s) => s === 'completed',
          90_000,
        ),
      ).toBe('completed');
      expect(Date.now() - killedAt).toBeLessThan(60_000);
    } finally {
      await lock.release().catch(() => undefined);
    }
  }, 240_000);

  it('SIGTERM lets a worker finish the job it is running, then it exits', async () => {
    const worker = await start(['--worker']);
    await waitWorkerRunning(worker);
    const lock = await holdAds();
    try {
      const job = await sendPurge(102);
      expect(
        await waitFor(
          () => jobState(job),
          (s) => s === 'active',
          30_000,
        ),
      ).toBe('active');

      worker.child.kill('SIGTERM');
      await waitFor(
        async () => worker.stderr(),
        (said) => said.includes('SIGTERM received, stopping'),
        10_000,
      );
      expect(isRunning(worker), `${worker.stderr()}\n${worker.stdout()}`).toBe(true);
      await lock.release();
      expect(await worker.exited).toBe(0);
      // Completed by the worker that was stopping, not handed back for another.
      expect(await jobState(job)).toBe('completed');
    } finally {
      await lock.release().catch(() => undefined);
    }
  }, 180_000);
});
