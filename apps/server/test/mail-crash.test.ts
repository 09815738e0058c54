import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.js';
import { startMailReceiver, type MailReceiver } from './support/mail-receiver.js';
import {
  bundleServer,
  isRunning,
  startServerProcess,
  waitReady,
  type ServerProcess as Started,
} from './support/server-process.js';

async function waitFor(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * How many of these recipients' mails the running server has recorded as sent, read
 * from its embedded database (credentials and port in its DATA_DIR).
 */
async function recordedSent(dataDir: string, recipients: string[]): Promise<number> {
  const credentials = JSON.parse(
    await readFile(path.join(dataDir, 'postgres-credentials.json'), 'utf8'),
  ) as { user: string; password: string };
  const pid = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(pid.split('\n')[3]),
    user: credentials.user,
    password: credentials.password,
    database: 'postgres',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM outbox_messages WHERE status = 'sent' AND recipient = ANY($1)`,
      [recipients],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Registers an account, which queues its verification mail. */
async function register(s: Started, email: string): Promise<void> {
  const res = await fetch(`${s.base}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'a long enough passphrase' }),
  });
  if (res.status !== 200) throw new Error(`register answered ${res.status}: ${await res.text()}`);
}

describe('mail across a crash and a restart of the real server', () => {
  let bundle: { main: string; dir: string };
  let dataDir: string;
  let receiver: MailReceiver;
  let port: number;
  const running: Started[] = [];
  const start = async () => {
    const s = startServerProcess(bundle.main, port, { DATA_DIR: dataDir, SMTP_URL: receiver.url });
    running.push(s);
    await waitReady(s);
    return s;
  };
  /** A test that failed half-way may leave its server running: each test starts clean. */
  const stopRunning = async () => {
    for (const s of running.splice(0)) {
      if (isRunning(s)) {
        s.child.kill('SIGTERM');
        await s.exited;
      }
    }
  };
  const handedOverTo = (email: string) => receiver.accepted.filter((m) => m.to.includes(email));

  beforeAll(async () => {
    bundle = await bundleServer('mail-crash');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-mail-crash-'));
    receiver = await startMailReceiver();
    port = await freePort();
  }, 120_000);
  beforeEach(async () => {
    await stopRunning();
    receiver.hold(null);
    receiver.setDelay(0);
  }, 60_000);
  afterAll(async () => {
    await stopRunning();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(bundle.dir, { recursive: true, force: true });
  }, 60_000);

  it('after SIGKILL mid hand-over, sends that mail once more within a minute of restart, same Message-ID, and nothing else twice', async () => {
    const first = await start();
    // The receiver takes this mail's body and never answers: the crash cuts the hand-over.
    receiver.hold((mail) => mail.to.includes('cut.midway@example.com'));
    await register(first, 'cut.midway@example.com');
    await waitFor(() => receiver.held.length > 0, 30_000);
    expect(receiver.held).toHaveLength(1);
    const cut = receiver.held[0];

    const others = Array.from({ length: 6 }, (_, i) => `other.${i}@example.com`);
    for (const email of others) await register(first, email);
    await waitFor(() => others.every((email) => handedOverTo(email).length > 0), 15_000);
    // A mail handed over but not yet recorded when the process dies is the one case
    // the receiver may see twice (it cannot be told apart from a cut hand-over): the
    // crash comes once the others are recorded, so none of them may come again.
    let recorded = 0;
    const recordDeadline = Date.now() + 30_000;
    while (recorded < others.length && Date.now() < recordDeadline) {
      recorded = await recordedSent(dataDir, others);
      if (recorded < others.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(recorded).toBe(others.length);

    first.child.kill('SIGKILL');
    await first.exited;
    receiver.hold(null);

    const second = await start();
    const restartedAt = Date.now();
    await waitFor(() => handedOverTo('cut.midway@example.com').length > 0, 90_000);
    const again = handedOverTo('cut.midway@example.com');
    expect(again).toHaveLength(1);
    expect(again[0]?.messageId).toBeTruthy();
    expect(again[0]?.messageId).toBe(cut?.messageId);
    expect((again[0]?.at ?? Infinity) - restartedAt).toBeLessThan(60_000);

    // Mails handed over before the crash are not sent again.
    await waitFor(() => others.every((email) => handedOverTo(email).length > 0), 30_000);
    await new Promise((r) => setTimeout(r, 3000));
    for (const email of others) expect(handedOverTo(email), email).toHaveLength(1);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('a normal restart in the middle of a burst sends nothing twice and loses nothing', async () => {
    const server = await start();
    // A slow receiver: when SIGTERM comes, mails are in flight and others still queued.
    receiver.setDelay(1500);
    const burst = Array.from({ length: 24 }, (_, i) => `restart.${i}@example.com`);
    for (const email of burst) await register(server, email);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const beforeRestart = burst.filter((email) => handedOverTo(email).length > 0).length;
    expect(beforeRestart).toBeLessThan(burst.length);

    receiver.setDelay(0);
    const again = await start();
    await waitFor(() => burst.every((email) => handedOverTo(email).length > 0), 90_000);
    await new Promise((r) => setTimeout(r, 3000));
    for (const email of burst) expect(handedOverTo(email), email).toHaveLength(1);

    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 240_000);
});
