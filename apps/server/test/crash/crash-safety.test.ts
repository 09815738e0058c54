import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeEsplora,
  type FakeEsplora,
} from '../../src/adapters/chain/fake-esplora-server.js';
import { openDatabase } from '../../src/db/database.js';
import { freePort } from '../../src/db/embedded-postgres.js';
import {
  startMailReceiver,
  type MailReceiver,
  type ReceivedMail,
} from '../support/mail-receiver.js';
import {
  bundleServer,
  isRunning,
  startServerProcess,
  waitReady,
  type ServerProcess,
} from '../support/server-process.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { checkMail, checkPhotoFiles, checkWrites, type Epoch } from './checks.js';
import { CrashDriver, sleep } from './driver.js';
import { crashSeed, seededRandom } from './random.js';

/**
 * Issue 15, crash safety: the real server under a steady load of ads, photo
 * uploads, payments and registrations is SIGKILLed at seeded random moments
 * while requests are in flight, restarted, and driven on. At the end every
 * answered write must be stored once, no payment credited twice, every photo
 * row have its files and every stray file be swept, and every queued mail be
 * handed over once (again only when a kill cut its hand-over, with the same
 * Message-ID, within a minute of the restart).
 *
 * CRASH_KILLS (default 20) sets the kills, CRASH_SEED replays a run's kill
 * schedule and each lane's choices (the seed is printed; timing still varies).
 */
const kills = Number(process.env.CRASH_KILLS ?? 20);
const seed = crashSeed();
const lanes = 4;

/** A line for the run's output (the seed first, so a failure can be replayed). */
function report(line: string): void {
  process.stdout.write(`${line}\n`);
}

function condition(): string {
  return `CRASH_SEED=${seed} CRASH_KILLS=${kills}`;
}

describe('crash safety: the server SIGKILLed at random moments under load', () => {
  let bundle: { main: string; dir: string };
  let database: TestDatabase;
  let dataDir: string;
  let receiver: MailReceiver;
  let chain: FakeEsplora;
  let port: number;
  let running: ServerProcess | null = null;
  /** When each mail's body had fully arrived (before the receiver's answer). */
  const dataEnd = new WeakMap<ReceivedMail, number>();

  beforeAll(async () => {
    report(`crash-safety: ${condition()}`);
    bundle = await bundleServer('crash-safety');
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-crash-'));
    receiver = await startMailReceiver();
    // Takes nothing: only notes when each mail's body arrived.
    receiver.hold((mail) => {
      dataEnd.set(mail, Date.now());
      return false;
    });
    // The chain lives in this process: it outlives every server it pays.
    chain = await startFakeEsplora({ seed: `crash-${seed}` });
    port = await freePort();
  }, 120_000);

  afterAll(async () => {
    if (running && isRunning(running)) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    await receiver?.close();
    await chain?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (bundle) await rm(bundle.dir, { recursive: true, force: true });
  }, 60_000);

  const start = async (): Promise<ServerProcess> => {
    const server = startServerProcess(bundle.main, port, {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SMTP_URL: receiver.url,
      ESPLORA_URL: chain.url,
      BTC_FIXED_RATE: '60000',
    });
    running = server;
    return server;
  };

  const kill = async (server: ServerProcess): Promise<void> => {
    server.child.kill('SIGKILL');
    await server.exited;
  };

  it(
    'keeps every answered write, credits no payment twice, sweeps stray files and sends each mail once',
    async () => {
      const began = Date.now();
      const schedule = seededRandom(`${seed}:kills`);
      const driver = new CrashDriver({ seed, lanes, chain, tag: seed.replace(/[^a-z0-9]/gi, '') });
      const epochs: Epoch[] = [];
      let startupKills = 0;
      driver.start();

      for (let k = 0; k < kills; k += 1) {
        receiver.setDelay(schedule.pick([0, 0, 50, 250, 800]));
        if (schedule.chance(0.1)) {
          // Now and then the kill comes while the server is still starting.
          const early = await start();
          await sleep(schedule.int(50, 600));
          await kill(early);
          startupKills += 1;
        }
        const server = await start();
        await waitReady(server, 60_000);
        const epoch: Epoch = { readyAt: Date.now(), killedAt: null, inFlight: [] };
        epochs.push(epoch);
        driver.serverUp(server.base);
        await sleep(schedule.int(150, 2200));
        // Kill while requests are in flight.
        const inFlightBy = Date.now() + 2000;
        while (driver.inFlightKinds().length === 0 && Date.now() < inFlightBy) await sleep(2);
        driver.serverDown();
        epoch.inFlight = driver.inFlightKinds();
        epoch.killedAt = Date.now();
        await kill(server);
        // Blocks are found while the server is down too.
        if (schedule.chance(0.3)) chain.mine(1);
      }

      // The last start: never killed. Every payment so far is mined.
      chain.mine(1);
      receiver.setDelay(0);
      const last = await start();
      await waitReady(last, 60_000);
      epochs.push({ readyAt: Date.now(), killedAt: null, inFlight: [] });
      driver.serverUp(last.base);
      await driver.drainRetries(90_000);

      const pool = new pg.Pool({ connectionString: database.url, max: 3 });
      try {
        const settled = await settlePayments(driver, chain, pool);
        const tokenFailures = await checkAnsweredTokens(driver, last.base);
        await waitOutboxDrained(pool, 120_000);

        last.child.kill('SIGTERM');
        expect(await last.exited, last.stderr()).toBe(0);

        const writes = await checkWrites(pool, driver);
        const db = openDatabase(database.url, { max: 2 });
        const files = await checkPhotoFiles(db.db, pool, dataDir).finally(() => db.close());
        const mail = await checkMail(
          pool,
          driver,
          receiver.accepted,
          (m) => dataEnd.get(m) ?? m.at,
          epochs,
        );
        const stats = { ...writes.stats, ...files.stats, ...mail.stats };
        const inFlightAtKill = epochs.reduce((n, e) => n + e.inFlight.length, 0);
        report(
          `crash-safety: ${condition()} kills=${epochs.length - 1} (+${startupKills} during start, ${inFlightAtKill} requests in flight at the kills)` +
            ` answered writes=${driver.answeredWrites} lost and resent=${driver.lostRequests} sent again after a restart=${driver.replays}` +
            ` ads=${stats.ads} photos=${stats.photos} (files ${stats.photoFiles}, strays swept ${stats.strayFilesSwept})` +
            ` payments: orders=${stats.orders} complete=${stats.complete} with refund=${stats.refunded} status checks=${settled}` +
            ` mails=${stats.mails} received=${stats.received} twice=${stats.mailsTwice}` +
            ` in ${Math.round((Date.now() - began) / 1000)} s`,
        );

        const failures = [
          ...driver.unexpected.map((u) => `unexpected answer: ${u}`),
          ...tokenFailures,
          ...writes.failures,
          ...files.failures,
          ...mail.failures,
        ];
        expect(failures, `${condition()}\n${failures.join('\n')}`).toEqual([]);
        // The run did what it is for: kills with requests in flight, and each kind of write.
        expect(epochs.filter((e) => e.inFlight.length > 0).length).toBeGreaterThanOrEqual(
          Math.min(kills, 1),
        );
        expect(driver.answeredWrites).toBeGreaterThan(kills);
      } finally {
        await pool.end();
      }
    },
    Math.max(240_000, kills * 9_000 + 180_000),
  );
});

/**
 * Asks the server to check every order now (POST /payment/status, as the
 * payment page does) until the stored sums match what the chain paid: every
 * payment, the ones after completion too, is mined by then. Answers how many
 * checks it asked for.
 */
async function settlePayments(
  driver: CrashDriver,
  chain: FakeEsplora,
  pool: pg.Pool,
): Promise<number> {
  let checks = 0;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await pool.query<{ address: string; status: string; confirmed: string }>(
      'SELECT address, status, confirmed_sats::text AS confirmed FROM payment_orders',
    );
    const stored = new Map(rows.map((row) => [row.address, row]));
    const unsettled = driver.orders.filter((order) => {
      if (!order.answered) return false;
      const row = stored.get(order.answered.address);
      const paid = order.payments.flatMap((p) => p.sats).reduce((a, b) => a + b, 0n);
      const complete = paid >= order.answered.sats;
      // Complete orders that were to be paid again are checked once more after that payment.
      const extraDue = complete && order.extraPlanned && !order.extraPaid;
      return (
        !row ||
        BigInt(row.confirmed) !== paid ||
        (row.status === 'complete') !== complete ||
        extraDue
      );
    });
    if (unsettled.length === 0) return checks;
    if (Date.now() > deadline) {
      throw new Error(
        `payments not settled: ${unsettled.map((o) => o.answered?.address).join(', ')}`,
      );
    }
    chain.mine(1);
    for (const order of unsettled) {
      await driver.checkNow(order);
      checks += 1;
    }
    chain.mine(1);
    await sleep(200);
  }
}

/** Each answered ad opens with the edit token it was answered with. */
async function checkAnsweredTokens(driver: CrashDriver, base: string): Promise<string[]> {
  const failures: string[] = [];
  for (const ad of driver.ads) {
    if (!ad.answered) continue;
    const res = await fetch(`${base}/api/post/${ad.answered.postId}`, {
      headers: { 'edit-token': ad.answered.token },
    });
    if (res.status !== 200) {
      failures.push(`ad ${ad.answered.postId}: its answered edit token gets ${res.status}`);
    }
    await res.arrayBuffer();
  }
  return failures;
}

/**
 * Waits until no outbox message is queued and no account-mail job is left to run
 * (a message that failed is not waited for: the mail check reports it).
 */
async function waitOutboxDrained(pool: pg.Pool, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ unsent: string; jobs: string }>(
      `SELECT (SELECT count(*) FROM outbox_messages WHERE status = 'queued')::text AS unsent,
              (SELECT count(*) FROM pgboss.job WHERE name = 'account-mail'
                  AND state IN ('created', 'retry', 'active'))::text AS jobs`,
    );
    const row = rows[0];
    if (row && row.unsent === '0' && row.jobs === '0') return;
    if (Date.now() > deadline) {
      throw new Error(
        `outbox not drained in ${timeoutMs / 1000} s: ${row?.unsent} unsent, ${row?.jobs} mail jobs`,
      );
    }
    await sleep(250);
  }
}
