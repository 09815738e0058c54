import { cliHealthMessages as m, cliMessages, type HealthPart } from '@adboard/shared';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded-postgres.js';
import { migrationsDir } from '../../src/db/migrations-dir.js';
import { cli } from '../support/cli.js';
import { startMailReceiver, type MailReceiver } from '../support/mail-receiver.js';
import { startTestRedis } from '../support/redis-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The line of `health` about a part. */
function lineOf(lines: string[], part: HealthPart): string | undefined {
  return lines.find((candidate) => candidate.startsWith(`${m.partName(part)} `));
}

/** The state a line of `health` gives a part: the word after its name. */
function stateOf(lines: string[], part: HealthPart): string | undefined {
  return lineOf(lines, part)?.slice(m.partName(part).length).trim().split(/\s+/)[0];
}

describe('health: the parts the site runs on, at a glance', () => {
  let t: TestApp;
  let migrations: number;

  beforeAll(async () => {
    t = await createTestApp();
    migrations = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).length;
  });
  afterAll(async () => {
    await t.close();
  });

  it('prints one line per part, each ok, and exits 0 on the test app', async () => {
    const tip = await t.chain.tipHeight();
    const result = await cli(t, ['health']);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out).toEqual([
      m.line('database', 'ok', m.migrations(migrations, 0)),
      m.line('storage', 'ok', m.storageAnswers('local')),
      m.line('mail', 'ok', m.outboxOnly),
      m.line('chain', 'ok', m.tipHeight(tip)),
      m.line('jobs', 'ok', m.noJobsWaiting),
      m.line('outbox', 'ok', m.nothingQueued),
      m.line('payments', 'ok', m.openOrders(0)),
    ]);
  });

  it('says the chain source is down when its URL points to a closed port: exit 1, every line still printed', async () => {
    const closed = await freePort();
    const result = await cli(t, ['health'], { env: { ESPLORA_URL: `http://127.0.0.1:${closed}` } });
    expect(result.code).toBe(1);
    expect(result.out).toHaveLength(7);
    expect(stateOf(result.out, 'chain')).toBe('down');
    expect(lineOf(result.out, 'chain')).toMatch(/ECONNREFUSED|fetch failed/);
    for (const part of ['database', 'storage', 'mail', 'jobs', 'outbox', 'payments'] as const) {
      expect(stateOf(result.out, part)).toBe('ok');
    }
    expect(result.err).toEqual([cliMessages.failed(m.partsDown(['chain']))]);
  });

  it('prints one JSON object with --json, for scripts and monitoring', async () => {
    const result = await cli(t, ['health', '--json']);
    expect(result.code).toBe(0);
    expect(result.out).toHaveLength(1);
    const report = JSON.parse(result.out[0] ?? '') as Record<string, unknown>;
    expect(report).toEqual({
      ok: true,
      database: { state: 'ok', migrations: { applied: migrations, pending: 0 } },
      storage: { state: 'ok', kind: 'local' },
      mail: { state: 'ok', transport: 'outbox' },
      chain: { state: 'ok', tipHeight: await t.chain.tipHeight() },
      jobs: { state: 'ok', queues: [] },
      outbox: { state: 'ok', channels: [] },
      payments: { state: 'ok', openOrders: 0 },
    });

    const down = await cli(t, ['health', '--json'], {
      env: { ESPLORA_URL: `http://127.0.0.1:${await freePort()}` },
    });
    expect(down.code).toBe(1);
    const downReport = JSON.parse(down.out[0] ?? '') as {
      ok: boolean;
      chain: { state: string; error: string };
    };
    expect(downReport.ok).toBe(false);
    expect(downReport.chain).toEqual({ state: 'down', error: expect.any(String) });
    expect(down.err).toEqual([cliMessages.failed(m.partsDown(['chain']))]);
  });

  it('warns of migrations not applied, and applies none itself', async () => {
    const { rows } = await t.database.pool.query<{ version: string }>(
      'DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations) RETURNING version',
    );
    const version = rows[0]?.version;
    try {
      const result = await cli(t, ['health']);
      expect(result.code).toBe(0);
      expect(result.out[0]).toBe(m.line('database', 'warn', m.migrations(migrations - 1, 1)));
      const still = await t.database.pool.query(
        'SELECT 1 FROM schema_migrations WHERE version = $1',
        [version],
      );
      expect(still.rowCount).toBe(0);
    } finally {
      await t.database.pool.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
    }
  });

  it('counts waiting jobs, messages and open orders, and warns of a job or a message waiting over 5 minutes', async () => {
    await t.database.transaction((tx) => t.queue.send(tx, 'purge-deleted-ad', { adId: 1 }));
    await t.database.transaction((tx) =>
      t.queue.send(tx, 'purge-deleted-ad', { adId: 2 }, { startAfter: 3600 }),
    );
    await t.database.pool.query(
      `UPDATE pgboss.job SET created_on = now() - interval '570 seconds',
         start_after = now() - interval '570 seconds'
       WHERE name = 'purge-deleted-ad' AND data->>'adId' = '1'`,
    );
    await t.database.pool.query(
      `INSERT INTO outbox_messages (channel, site_id, recipient, subject, body_text, created_at)
       VALUES ('email', 'local', 'a@example.com', 's', 'b', now() - interval '330 seconds'),
              ('email', 'local', 'b@example.com', 's', 'b', now())`,
    );
    try {
      const result = await cli(t, ['health']);
      expect(result.code).toBe(0);
      expect(lineOf(result.out, 'jobs')).toBe(
        m.line(
          'jobs',
          'warn',
          m.figures([m.jobsWaiting(1, 600, 'purge-deleted-ad'), m.jobsLater(1)]),
        ),
      );
      expect(lineOf(result.out, 'outbox')).toBe(
        m.line('outbox', 'warn', m.queued(2, 360, 'email')),
      );

      const json = await cli(t, ['health', '--json']);
      const report = JSON.parse(json.out[0] ?? '') as Record<string, unknown>;
      expect(report.jobs).toEqual({
        state: 'warn',
        queues: [
          {
            job: 'purge-deleted-ad',
            waiting: 1,
            later: 1,
            oldestWaitingSeconds: expect.closeTo(570, -1),
          },
        ],
      });
      expect(report.outbox).toEqual({
        state: 'warn',
        channels: [{ channel: 'email', queued: 2, oldestQueuedSeconds: expect.closeTo(330, -1) }],
      });
    } finally {
      await t.database.pool.query("DELETE FROM pgboss.job WHERE name = 'purge-deleted-ad'");
      await t.database.pool.query('DELETE FROM outbox_messages');
    }
  });

  describe('mail over SMTP', () => {
    let receiver: MailReceiver;
    beforeAll(async () => {
      receiver = await startMailReceiver();
    });
    afterAll(async () => {
      await receiver.close();
    });

    it('verifies the SMTP connection when SMTP_URL is set, and says it is down when nothing answers', async () => {
      const up = await cli(t, ['health'], { env: { SMTP_URL: receiver.url }, settingsMail: true });
      expect(up.code).toBe(0);
      expect(up.out).toContain(m.line('mail', 'ok', m.smtpAnswers));

      const closed = `smtp://127.0.0.1:${await freePort()}`;
      const down = await cli(t, ['health'], { env: { SMTP_URL: closed }, settingsMail: true });
      expect(down.code).toBe(1);
      expect(stateOf(down.out, 'mail')).toBe('down');
      expect(down.err).toEqual([cliMessages.failed(m.partsDown(['mail']))]);
    });
  });

  it('names Redis when REDIS_URL is set: ok while it answers, down once it does not', async () => {
    const redis = await startTestRedis();
    try {
      const up = await cli(t, ['health'], { env: { REDIS_URL: redis.url } });
      expect(up.code).toBe(0);
      expect(up.out[1]).toBe(m.line('redis', 'ok', m.answers));
      await redis.kill();
      const down = await cli(t, ['health'], { env: { REDIS_URL: redis.url } });
      expect(down.code).toBe(1);
      expect(stateOf(down.out, 'redis')).toBe('down');
      expect(down.err).toEqual([cliMessages.failed(m.partsDown(['redis']))]);
    } finally {
      await redis.stop();
    }
  });

  it('answers bad usage with exit 2, before opening anything', async () => {
    const result = await cli(t, ['health', '--jsn']);
    expect(result).toMatchObject({
      code: 2,
      err: [cliMessages.unknownOption('--jsn'), cliMessages.commandHelpHint('health')],
    });
  });
});
